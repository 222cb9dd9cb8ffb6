import type { CrawlActivity } from "@/lib/queries/crawl";
import { count } from "./labels";

const CLASSES = [
  { key: "status2xx", label: "2xx", color: "bg-emerald-600" },
  { key: "status3xx", label: "3xx", color: "bg-sky-600" },
  { key: "status4xx", label: "4xx", color: "bg-amber-500" },
  { key: "status5xx", label: "5xx", color: "bg-red-600" },
] as const;

/** The status classes served to each crawler's verified fetches in the window, as a bar and the numbers. */
export function StatusMix({ totals }: { totals: CrawlActivity["totals"] }) {
  const rows = totals.filter((t) => t.verifiedHits > 0);
  if (!rows.length) return <p className="text-sm text-slate-600">No verified crawler fetches in this period.</p>;
  return (
    <div className="relative overflow-x-auto">
    <table className="w-full text-left text-sm" data-testid="status-mix">
      <caption className="sr-only">Status classes served to verified crawler fetches</caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs uppercase text-slate-600">
          <th scope="col" className="py-2 pr-3">Crawler</th>
          <th scope="col" className="w-1/3 py-2 pr-3"><span className="sr-only">Share of each status class</span></th>
          {CLASSES.map((c) => <th key={c.key} scope="col" className="py-2 pr-3 text-right">{c.label}</th>)}
        </tr>
      </thead>
      <tbody>
        {rows.map((t) => {
          const total = CLASSES.reduce((n, c) => n + t[c.key], 0) || 1;
          return (
            <tr key={t.crawler} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-3 font-medium text-slate-900">{t.name}</th>
              <td className="py-2 pr-3">
                <div className="flex h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                  {CLASSES.map((c) => <div key={c.key} className={c.color} style={{ width: `${(t[c.key] / total) * 100}%` }} />)}
                </div>
              </td>
              {CLASSES.map((c) => <td key={c.key} className="py-2 pr-3 text-right tabular-nums">{count(t[c.key])}</td>)}
            </tr>
          );
        })}
      </tbody>
    </table>
    </div>
  );
}
