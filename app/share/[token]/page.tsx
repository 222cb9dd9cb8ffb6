import { dehydrate, QueryClient } from "@tanstack/react-query";
import { ReadOnlyProject } from "@/components/projects/read-only";
import { SharedOverview } from "@/components/share/shared-overview";
import { projectStatsQuery, topIssuesQuery } from "@/lib/queries/projects";
import { indexingMetricsQuery, snapshotsQuery, TREND_RANGES, type TrendRange } from "@/lib/queries/trends";
import { sharePath } from "@/lib/share-links/internal";
import { SHARED_SCOPE as S } from "@/lib/share-links/scope";
import { sharedOverview } from "@/lib/share-links/shared-view";
import { sharedProjectOr404 } from "./shared-project";

export const metadata = { title: "Overview" };

const rangeOf = (v: unknown): TrendRange => TREND_RANGES.find((r) => String(r) === v) ?? 30;

/** The shared overview: the dashboard's counters, trends and top issues, filled on the server under SHARED_SCOPE keys. */
export default async function SharedOverviewPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await params;
  const days = rangeOf((await searchParams).days);
  const data = await sharedOverview(await sharedProjectOr404(token), days);
  const client = new QueryClient();
  client.setQueryData(projectStatsQuery(S, S).queryKey, data.stats);
  client.setQueryData(topIssuesQuery(S, S).queryKey, data.topIssues);
  client.setQueryData(snapshotsQuery(S, S, days).queryKey, data.snapshots);
  client.setQueryData(indexingMetricsQuery(S, S, days, "none").queryKey, data.timeToIndex.none);
  client.setQueryData(indexingMetricsQuery(S, S, days, "pathPrefix").queryKey, data.timeToIndex.pathPrefix);
  return (
    <ReadOnlyProject view={{ base: sharePath(token), days }} state={dehydrate(client)}>
      <SharedOverview />
    </ReadOnlyProject>
  );
}
