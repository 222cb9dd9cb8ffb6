"use client";

import { useQuery } from "@tanstack/react-query";
import { projectStatsQuery } from "@/lib/queries/projects";

/** A project's headline counters in one line of a list row (live: the stats query refreshes itself). */
export function ProjectCounters({ orgId, projectId }: { orgId: string; projectId: string }) {
  const stats = useQuery(projectStatsQuery(orgId, projectId));
  if (stats.isPending) return <div className="h-10 w-full max-w-xs animate-pulse rounded bg-slate-100" aria-hidden="true" />;
  if (stats.isError) return <p className="text-xs text-red-700">Counters unavailable: {stats.error.message}</p>;
  const s = stats.data;
  const items: Array<[string, number, string?]> = [
    ["URLs", s.totalUrls],
    ["Indexed (Google or Bing)", s.indexedUrls],
    ["Broken", s.brokenUrls, s.brokenUrls > 0 ? "text-red-700" : undefined],
    ["Open issues", s.openIssues, s.openIssues > 0 ? "text-amber-800" : undefined],
  ];
  return (
    <dl className="grid grid-cols-4 gap-3 text-sm" data-testid="project-counters">
      {items.map(([label, value, tone]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs leading-tight text-slate-600">{label}</dt>
          <dd className={`font-semibold tabular-nums ${tone ?? "text-slate-900"}`}>{value.toLocaleString("en-US")}</dd>
        </div>
      ))}
    </dl>
  );
}
