"use client";

import { BrokenLinks } from "@/components/links/broken-links";
import { UnlistedPages } from "@/components/links/unlisted-pages";

export function LinksClient({ orgId, projectId }: { orgId: string; projectId: string }) {
  const ref = { orgId, projectId };
  return (
    <div className="space-y-8">
      <section aria-labelledby="broken-links-heading" className="space-y-3">
        <h2 id="broken-links-heading" className="text-lg font-semibold text-slate-900">Broken internal links</h2>
        <p className="max-w-3xl text-sm text-slate-600">
          Links on your pages to internal URLs that answer an error or redirect. Visitors, Google and Bing follow them into dead ends and detours:
          edit the pages listed to link to the final, working address. Built from the audits&apos; HTML, computed within the hour after audits.
        </p>
        <BrokenLinks projectRef={ref} />
      </section>
      <section aria-labelledby="unlisted-heading" className="space-y-3">
        <h2 id="unlisted-heading" className="text-lg font-semibold text-slate-900">Linked pages you don&apos;t track</h2>
        <p className="max-w-3xl text-sm text-slate-600">
          Your pages link to these, but the project does not track them. We fetch up to 100 of them each run (obeying robots.txt, at the audits&apos; pace)
          to know their answer and their own links. Track the ones that matter.
        </p>
        <UnlistedPages projectRef={ref} />
      </section>
    </div>
  );
}
