import type { Metadata } from "next";
import type { ReactNode } from "react";
import { formatDate } from "@/components/ui/format";
import { TabNav } from "@/components/ui/tabs";
import { sharePath } from "@/lib/share-links/internal";
import { sharedBranding } from "@/lib/share-links/shared-branding";
import { sharedProjectOr404 } from "./shared-project";

type Params = { params: Promise<{ token: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const shared = await sharedProjectOr404((await params).token);
  return { title: { default: shared.domain, template: `%s · ${shared.domain}` } };
}

/**
 * The read-only shell of a share link: who shares it (their logo, name and accent colour, from the organization's
 * branding), until when, the project's name and the link's two pages. No link leads into the app.
 */
export default async function SharedProjectLayout({ children, params }: Params & { children: ReactNode }) {
  const { token } = await params;
  const shared = await sharedProjectOr404(token);
  const base = sharePath(token);
  const branding = await sharedBranding(shared);
  return (
    <>
      {/* The accent colour is a validated #rrggbb (lib/organizations/schemas.ts), so it is safe in a style. */}
      <header className="border-b border-t-4 border-b-slate-200 bg-white" style={{ borderTopColor: branding.accentColor }} data-testid="share-header">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
          {branding.hasLogo && (
            // eslint-disable-next-line @next/next/no-img-element -- a small stored image behind the share link's own limits
            <img src={`${base}/logo`} alt={branding.name ? `${branding.name} logo` : "Logo"} className="h-8 w-auto max-w-40 object-contain" />
          )}
          {branding.name ? <span className="text-lg font-semibold text-slate-900">{branding.name}</span> : <span className="text-lg font-semibold text-brand-700">IndexWatch</span>}
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">Read-only report</span>
          <span className="ml-auto text-slate-600">
            {branding.name ? <>Shared by <strong className="font-medium text-slate-800">{branding.name}</strong> with IndexWatch · link valid until</> : "Link valid until"}{" "}
            <time dateTime={shared.expiresAt.toISOString()}>{formatDate(shared.expiresAt.toISOString())}</time>
          </span>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 space-y-6 px-4 py-8 focus:outline-none" data-testid="shared-project">
        <div className="space-y-1">
          <h1 className="wrap-anywhere text-2xl font-semibold">{shared.name}</h1>
          {shared.name !== shared.domain && <p className="wrap-anywhere text-sm text-slate-600">{shared.domain}</p>}
        </div>
        <TabNav label="Report" tabs={[{ href: base, label: "Overview", exact: true }, { href: `${base}/issues`, label: "Issues" }]} />
        {children}
      </main>
    </>
  );
}
