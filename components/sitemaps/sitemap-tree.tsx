import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import type { Sitemap } from "@/lib/queries/sitemaps";

const TYPE_LABELS: Record<Sitemap["type"], string> = { index: "Index", urlset: "URL set", unknown: "Unknown type" };
const FETCH: Record<NonNullable<Sitemap["fetchStatus"]>, [string, BadgeTone]> = {
  ok: ["OK", "success"], error: ["Error", "danger"], timeout: ["Timed out", "warning"], blocked: ["Blocked", "danger"],
};

/** Roots (configured and robots.txt-declared) with their children nested below, index → children. */
export function SitemapTree({ sitemaps }: { sitemaps: Sitemap[] }) {
  const ids = new Set(sitemaps.map((s) => s.id));
  const children = new Map<string, Sitemap[]>();
  for (const s of sitemaps) {
    if (s.parentSitemapId && ids.has(s.parentSitemapId)) children.set(s.parentSitemapId, [...(children.get(s.parentSitemapId) ?? []), s]);
  }
  const roots = sitemaps.filter((s) => !s.parentSitemapId || !ids.has(s.parentSitemapId));
  return <Level items={roots} childrenOf={children} depth={0} />;
}

function Level({ items, childrenOf, depth }: { items: Sitemap[]; childrenOf: Map<string, Sitemap[]>; depth: number }) {
  return (
    <ul className={depth === 0 ? "space-y-3" : "mt-3 space-y-2 border-l-2 border-slate-200 pl-3 sm:pl-5"} aria-label={depth === 0 ? "Sitemaps" : undefined}>
      {items.map((s) => {
        const kids = childrenOf.get(s.id) ?? [];
        return (
          <li key={s.id} data-testid="sitemap-node">
            <div data-testid="sitemap-card" className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 wrap-anywhere font-mono text-sm text-slate-900">{s.url}</span>
                <Badge>{TYPE_LABELS[s.type]}</Badge>
                {s.fetchStatus ? <Badge tone={FETCH[s.fetchStatus][1]}>{FETCH[s.fetchStatus][0]}</Badge> : <Badge>Not fetched</Badge>}
              </div>
              <p className="mt-1 text-sm text-slate-600">
                {s.type === "index" ? `${kids.length} child sitemap${kids.length === 1 ? "" : "s"}` : s.urlCount === null ? "Not read" : `${s.urlCount.toLocaleString("en-US")} URLs`}
                {s.lastFetchedAt && <> · fetched <time dateTime={s.lastFetchedAt}>{formatDateTime(s.lastFetchedAt)}</time></>}
                {s.lastSuccessAt && s.lastSuccessAt !== s.lastFetchedAt && <> · last success <time dateTime={s.lastSuccessAt}>{formatDateTime(s.lastSuccessAt)}</time></>}
              </p>
              {s.error && <p className="mt-1 break-words text-sm text-red-700">{s.error}</p>}
            </div>
            {kids.length > 0 && <Level items={kids} childrenOf={childrenOf} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}
