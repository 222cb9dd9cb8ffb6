import Link from "next/link";
import { redirect } from "next/navigation";
import { getCurrentUser } from "./(app)/current-user";
import { selectedOrganization } from "./(app)/session";
import { landingPath } from "@/lib/portfolio/landing";
import { buttonClasses } from "@/components/ui/button";

const FEATURES = [
  ["Track every URL", "Import from sitemaps, CSV files or by hand, per project."],
  ["See what is indexed", "Scheduled inspections show which pages search engines know."],
  ["Catch problems early", "Broken, redirected and stale pages open issues you can resolve."],
] as const;

export default async function LandingPage() {
  const user = await getCurrentUser();
  // Signed in: the portfolio for an organization of several projects, the projects page otherwise.
  if (user) redirect(await landingPath((await selectedOrganization(user))?.id ?? null));

  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex max-w-5xl items-center justify-between px-4 py-5">
        <span className="text-lg font-semibold text-brand-700">IndexWatch</span>
        <Link href="/sign-in" className={buttonClasses("secondary")}>
          Sign in
        </Link>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 pb-16 pt-10 focus:outline-none sm:pt-20">
        <h1 className="max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">Know which of your pages search engines have indexed.</h1>
        <p className="mt-4 max-w-xl text-lg text-slate-600">
          IndexWatch tracks your URLs, submits changes through IndexNow and monitors indexing status, so nothing important drops out of search.
        </p>
        <p className="mt-8">
          <Link href="/sign-in" className={buttonClasses("primary", "px-6 py-3 text-base")}>
            Get started
          </Link>
        </p>
        <ul className="mt-16 grid gap-6 sm:grid-cols-3">
          {FEATURES.map(([title, body]) => (
            <li key={title} className="rounded-lg border border-slate-200 bg-white p-5">
              <h2 className="font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-slate-600">{body}</p>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
