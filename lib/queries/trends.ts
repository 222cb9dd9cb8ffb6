import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { IndexingMetricsResponse } from "@/lib/metrics/schemas";
import type { WebsiteSnapshotResponse } from "@/lib/snapshots/schemas";
import { fetchApi } from "./fetch-api";
import { projectKeys, projectsPath } from "./projects";

export type Snapshot = WebsiteSnapshotResponse;
export type IndexingMetrics = IndexingMetricsResponse;
export const TREND_RANGES = [7, 30, 90, 365] as const;
export type TrendRange = (typeof TREND_RANGES)[number];

/** GET snapshots?days=: the daily counters, oldest first (a missing date is absent). */
export const snapshotsQuery = (orgId: string, id: string, days: TrendRange) =>
  queryOptions({
    queryKey: [...projectKeys.project(orgId, id), "snapshots", days] as const,
    queryFn: ({ signal }) => fetchApi<Snapshot[]>(projectsPath(orgId, id, `/snapshots?days=${days}`), { signal }),
    placeholderData: keepPreviousData,
  });

/** GET metrics/indexing: time to index per engine, for the whole project or by the first directory of the path. */
export const indexingMetricsQuery = (orgId: string, id: string, days: TrendRange, groupBy: "none" | "pathPrefix") =>
  queryOptions({
    queryKey: [...projectKeys.project(orgId, id), "time-to-index", days, groupBy] as const,
    queryFn: ({ signal }) => fetchApi<IndexingMetrics>(projectsPath(orgId, id, `/metrics/indexing?days=${days}&groupBy=${groupBy}&depth=1`), { signal }),
    placeholderData: keepPreviousData,
  });
