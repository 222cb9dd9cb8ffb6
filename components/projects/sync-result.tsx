import type { SyncResult } from "@/lib/queries/projects";

/** The files a sync could not read, each with what went wrong in words. */
export function SyncFailures({ result }: { result: SyncResult }) {
  return (
    <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="sync-failures">
      {result.failures.map((f) => (
        <li key={f.url}>
          <span className="wrap-anywhere font-mono text-xs">{f.url}</span>: {f.message}
        </li>
      ))}
    </ul>
  );
}

/** What a sitemap sync did, with its credit cost (1 credit per admitted URL); a sync that read no sitemap says so. */
export function SyncResultSummary({ result }: { result: SyncResult }) {
  if (result.status === "failed") {
    return (
      <div role="alert" data-testid="sync-result" data-status="failed" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
        <p className="font-medium">The sync failed: no sitemap could be read.</p>
        <SyncFailures result={result} />
        <p className="mt-2">
          Nothing was added and no credit was used. Fix it on your site, then sync again: a sync that reads no sitemap does not count towards the
          limit of one sync every 15 minutes.
        </p>
      </div>
    );
  }
  const cost = result.urlsDiscovered;
  const rows: Array<[string, number]> = [
    ["New URLs admitted", result.urlsDiscovered],
    ["Known URLs seen again", result.urlsUpdated],
    ["Entries skipped", result.urlsSkipped],
    ["Sitemap files read", result.sitemapsFetched],
    ["Newly missing from the sitemap", result.staleMarked],
    ["Back in the sitemap", result.staleCleared],
    ...(result.urlsExcluded ? [["Skipped: excluded from tracking", result.urlsExcluded] as [string, number]] : []),
  ];
  return (
    <div data-testid="sync-result" data-status={result.status} className="space-y-3">
      <p className="text-sm font-medium text-slate-900">
        {result.status === "partial" ? "Sync finished with problems" : "Sync finished"}: {result.urlsDiscovered.toLocaleString("en-US")} new{" "}
        {result.urlsDiscovered === 1 ? "URL" : "URLs"} for{" "}
        <span data-testid="sync-cost">
          {cost.toLocaleString("en-US")} {cost === 1 ? "credit" : "credits"}
        </span>
        .
      </p>
      {result.status === "partial" && (
        <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="font-medium">
            {result.failures.length === 1 ? "One file" : `${result.failures.length} files`} could not be read, so URLs missing from the sitemaps were not
            marked as removed:
          </p>
          <SyncFailures result={result} />
        </div>
      )}
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
              <li key={s.url} className="wrap-anywhere">
                {s.url}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
