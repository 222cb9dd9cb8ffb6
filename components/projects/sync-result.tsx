import type { SyncResult } from "@/lib/queries/projects";

/** What a sitemap sync did, with its credit cost (1 credit per admitted URL). */
export function SyncResultSummary({ result }: { result: SyncResult }) {
  const cost = result.urlsDiscovered;
  const rows: Array<[string, number]> = [
    ["New URLs admitted", result.urlsDiscovered],
    ["Known URLs seen again", result.urlsUpdated],
    ["Entries skipped", result.urlsSkipped],
    ["Sitemap files read", result.sitemapsFetched],
    ["Newly missing from the sitemap", result.staleMarked],
    ["Back in the sitemap", result.staleCleared],
  ];
  return (
    <div data-testid="sync-result" className="space-y-3">
      <p className="text-sm font-medium text-slate-900">
        Sync finished: {result.urlsDiscovered.toLocaleString("en-US")} new {result.urlsDiscovered === 1 ? "URL" : "URLs"} for{" "}
        <span data-testid="sync-cost">
          {cost.toLocaleString("en-US")} {cost === 1 ? "credit" : "credits"}
        </span>
        .
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold tabular-nums">{value.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      {result.skippedOffHost.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-700">
            {result.skippedOffHost.length} {result.skippedOffHost.length === 1 ? "entry points" : "entries point"} to another host and {result.skippedOffHost.length === 1 ? "was" : "were"} skipped (not charged)
          </summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-600">
            {result.skippedOffHost.map((s) => (
              <li key={s.url} className="break-all">
                {s.url}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
