// The demo's "today" (scripts/demo-seed.ts runs it on fresh and on kept demo data): what the daily jobs would have
// done by now, through the product's own verbs: the site's availability probed and its sitemaps synced (each when
// the last one is older than half a day), and gsc's Search Analytics pulled (clicks and impressions per URL, from the
// fake console of scripts/demo-fakes.ts), so a demo opened today shows today's checks and real performance figures.
import type { OrgCtx } from "../lib/core/context";
import { db } from "../lib/db";
import type { SafeFetcher } from "../lib/net/safe-fetch";
import { pullSearchAnalytics, type PullOutcome } from "../lib/search-analytics/pull-search-analytics";
import { probeAvailability } from "../lib/sitemaps/probe/probe-availability";
import { syncProject } from "../lib/sitemaps/sync/sync-project";

const HALF_DAY = 12 * 3_600_000;

export type TodayResult = { probed: boolean; synced: boolean; searchAnalytics: PullOutcome["status"]; searchRows: number };

export async function seedToday(ctx: OrgCtx, projectId: string, opts: { fetcher: SafeFetcher; now?: Date }): Promise<TodayResult> {
  const now = opts.now ?? new Date();
  const before = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { lastAvailabilityCheckAt: true, lastSitemapSyncAt: true } });
  const stale = (at: Date | null) => !at || now.getTime() - at.getTime() > HALF_DAY;
  const probed = stale(before.lastAvailabilityCheckAt);
  if (probed) await probeAvailability(ctx, projectId, { now, fetcher: opts.fetcher });
  const synced = stale(before.lastSitemapSyncAt);
  if (synced) await syncProject(ctx, projectId, { now, fetcher: opts.fetcher });
  const pull = await pullSearchAnalytics(ctx, projectId, now);
  if (pull.status !== "pulled") console.warn(`[demo-seed] Search Analytics pull: ${pull.status}${"message" in pull ? ` (${pull.message})` : ""}`);
  return { probed, synced, searchAnalytics: pull.status, searchRows: pull.status === "pulled" ? pull.rows : 0 };
}
