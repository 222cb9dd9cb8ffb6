"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { urlLinksQuery, type UrlLinks } from "@/lib/queries/links";
import type { ProjectPath } from "@/lib/queries/urls";

const number = new Intl.NumberFormat("en");

function depthWords(l: UrlLinks): string {
  if (l.clickDepth === null) return l.graph.computedAt ? "Not reachable from the home page by links" : "Not computed yet";
  if (l.clickDepth === 0) return "This is the home page";
  return `${l.clickDepth} click${l.clickDepth === 1 ? "" : "s"} from the home page`;
}

/**
 * The URL's place in the site's internal link graph: who links here (with anchor text), how deep it sits, whether it
 * is an orphan, and where it links to. Read with the URL panel's one request (GET …/detail seeds it).
 */
export function UrlLinksPanel({ projectRef, urlId }: { projectRef: ProjectPath; urlId: string }) {
  const q = useQuery(urlLinksQuery(projectRef, urlId));
  return (
    <section aria-labelledby="url-links-heading" data-testid="url-links">
      <h3 id="url-links-heading" className="text-sm font-semibold">Links</h3>
      {q.isPending ? (
        <div className="mt-2 h-10 animate-pulse rounded bg-slate-100" />
      ) : q.isError ? (
        <ErrorAlert error={q.error} className="mt-2" />
      ) : (
        <LinksBody l={q.data} />
      )}
    </section>
  );
}

function LinksBody({ l }: { l: UrlLinks }) {
  if (!l.graph.computedAt && l.outlinks.count === 0) {
    return <p className="mt-1 text-sm text-slate-600">No link graph yet: it is built from the audits&apos; HTML and computed within the hour after pages are audited.</p>;
  }
  const pages = l.inlinks.pages ?? 0;
  return (
    <div className="mt-2 space-y-3 text-sm">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-3">
        <div>
          <dt className="text-xs uppercase tracking-wide text-slate-600">Linked from</dt>
          <dd className="text-slate-900" data-testid="url-links-inlinks">
            {number.format(pages)} page{pages === 1 ? "" : "s"}
            {l.inlinks.nofollowOnly && <Badge tone="warning" className="ml-2">nofollow only</Badge>}
          </dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-slate-600">Click depth</dt>
          <dd className="text-slate-900" data-testid="url-links-depth">{depthWords(l)}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-slate-600">Orphan</dt>
          <dd className="text-slate-900">
            {l.orphan === true ? <Badge tone="danger">Orphan: no audited page links here</Badge> : l.orphan === false ? "No" : "Not claimed before a complete audit cycle"}
          </dd>
        </div>
      </dl>
      {l.inlinks.sample.length > 0 && (
        <div>
          <h4 className="text-xs font-medium uppercase tracking-wide text-slate-600">Pages linking here</h4>
          <ul className="mt-1 space-y-1">
            {l.inlinks.sample.map((s) => (
              <li key={s.url} className="wrap-anywhere">
                <span className="font-mono text-xs">{s.url}</span>
                <span className="text-slate-600"> — {s.anchorText ? <q>{s.anchorText}</q> : "no anchor text"}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <details>
        <summary className="cursor-pointer text-slate-900">
          Links on this page: {number.format(l.outlinks.count)} internal target{l.outlinks.count === 1 ? "" : "s"}
          {l.outlinks.seen > l.outlinks.count ? ` (of ${number.format(l.outlinks.seen)} links; 1,000 kept)` : ""}
          {l.outlinks.extractedAt && <span className="text-slate-500">, read {formatDateTime(l.outlinks.extractedAt)}</span>}
        </summary>
        {l.outlinks.items.length === 0 ? (
          <p className="mt-1 text-slate-600">No internal link seen on this page.</p>
        ) : (
          <ul className="mt-1 max-h-64 space-y-1 overflow-y-auto">
            {l.outlinks.items.map((o) => (
              <li key={o.url} className="wrap-anywhere">
                <span className="font-mono text-xs">{o.url}</span>
                {o.anchorText && <span className="text-slate-600"> — <q>{o.anchorText}</q></span>}
                {o.nofollow && <Badge tone="neutral" className="ml-2">nofollow</Badge>}
                {!o.tracked && <Badge tone="info" className="ml-2">not tracked</Badge>}
              </li>
            ))}
          </ul>
        )}
      </details>
    </div>
  );
}
