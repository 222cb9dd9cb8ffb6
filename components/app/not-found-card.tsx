import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** The 404 page's content, for the dashboard shell and for addresses outside it. */
export function NotFoundCard() {
  return (
    <Card className="mx-auto max-w-xl">
      <div data-testid="not-found">
        <h1 className="text-2xl font-semibold">Page not found</h1>
        <p className="mt-2 text-sm text-slate-700">
          There is nothing at this address, or it belongs to a project or organization you cannot see. Check the link, or go back to your projects.
        </p>
        <p className="mt-6">
          <Link href="/projects" className={buttonClasses("primary")}>
            Back to projects
          </Link>
        </p>
      </div>
    </Card>
  );
}
