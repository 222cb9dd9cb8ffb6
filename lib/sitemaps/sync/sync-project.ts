import { withTransaction } from "@/lib/db";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { getDefaultFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { consumeSiteFetch } from "@/lib/rate-limit/consume-site-fetch";
import { admitSeenUrls, type Admission } from "./admit-seen-urls";
import { claimSyncSlot, releaseSyncSlot } from "./claim-sync-slot";
import { fetchRobots } from "./fetch-robots";
import { DEFAULT_SYNC_LIMITS, type SyncLimits } from "./limits";
import { recordSitemapUrlCount, sitemapUrlTotal } from "@/lib/site-watch/site-changes";
import { recordSitemaps } from "./record-sitemaps";
import { reportStaleIssues } from "./report-stale-issues";
import { fetchFailureInWords, sentence } from "@/lib/net/failure-words";
import { FAILURES_REPORT_LIMIT, SitemapSyncResult } from "./schemas";
import { syncProgressWriter, writeSyncProgress } from "./sync-progress";
import { UrlStage } from "./url-stage";
import { walkSitemaps, type SitemapOrigin, type WalkResult } from "./walk-sitemaps";
import { requestProjectSubmission } from "@/lib/indexnow/request-project-submission";
import { recordEvent } from "@/lib/events/outbox";

export type SyncOptions = {
  now?: Date;
  /** The safe fetcher to use; default the one configured from the environment. */
  fetcher?: SafeFetcher;
  limits?: Partial<SyncLimits>;
  /** Instrumentation: called after each phase with its duration. */
  onPhase?: (phase: "walk" | "admission" | "record", ms: number) => void;
};

/**
 * POST /sync (SPEC.md rule 4). In order: the 15-minute debounce (429), robots.txt for declared
 * sitemaps, a walk of every root and child with the on-host URLs loaded into a stage table as they
 * are read (no transaction open while the site is fetched), then one transaction that groups them
 * and admits, updates, charges and marks stale together, and finally the sitemap rows and
 * project-level issues in a transaction of their own, written even when the admission is refused.
 * A sync that could read no sitemap at all (`failed`) gives its slot back: the 15-minute debounce counts from the start
 * of the last sync that read a sitemap, so the owner can retry at once after fixing the site (docs/guide/urls.md, "Sitemap syncs").
 */
export async function syncProject(ctx: OrgCtx, projectId: string, opts: SyncOptions = {}): Promise<SitemapSyncResult> {
  const now = opts.now ?? new Date();
  const fetcher = opts.fetcher ?? getDefaultFetcher();
  const limits = { ...DEFAULT_SYNC_LIMITS, ...opts.limits };
  const project = await getProjectOrThrow(ctx, projectId);
  // Every sync asked for counts against the site's brake, whatever it finds: a failed sync gives its 15-minute slot back
  // (below), so without the brake a loop of failing syncs would fetch the site's robots.txt and sitemaps on every call.
  if (ctx.actor.type !== "system") await consumeSiteFetch("sync", project, "SYNC_RATE_LIMITED");
  const previousSyncAt = await claimSyncSlot(project, now);
  const ref = { organizationId: project.organizationId, projectId: project.id };
  const stage = await UrlStage.create();
  const progress = syncProgressWriter(project.id, now);
  // Before the walk, the one file known is the project's sitemap (robots.txt may name more).
  await progress({ phase: "reading", sitemapsRead: 0, sitemapsFound: 1, urlsRead: 0 }, true);
  try {
    const phase = timer(opts.onPhase);
    const robots = await fetchRobots(fetcher, project.domain);
    const roots: { url: string; origin: SitemapOrigin }[] = [
      { url: project.sitemapUrl, origin: "root" },
      ...robots.sitemaps.map((url) => ({ url, origin: "robots" as const })),
    ];
    const walk = await walkSitemaps({ roots, domain: project.domain, fetcher, stage, limits, onProgress: (p) => progress({ phase: "reading", ...p }) });
    // An unreadable robots.txt (5xx, 429, no answer) may declare sitemaps that were not walked.
    if (robots.status === null || robots.status === 429 || robots.status >= 500) walk.complete = false;
    phase("walk");
    await progress({ phase: "admitting", sitemapsRead: walk.files.length, sitemapsFound: walk.files.length, urlsRead: walk.entries }, true);

    let admission: Admission | undefined;
    let refused: unknown;
    try {
      admission = await withTransaction(ctx, async (ctx) => {
        // Only a walk that read every sitemap may conclude that a URL left them all.
        const a = await admitSeenUrls(ctx, project, stage, { complete: walk.complete, now, actorUserId: actorUserId(ctx), files: walk.files.map((f) => f.url) });
        const roots = walk.files.filter((f) => f.parentUrl === null).map((f) => f.url);
        await reportStaleIssues(ctx, project.id, now, { marked: a.staleMarked, cleared: a.staleCleared }, roots);
        const completedAt = new Date().toISOString();
        await recordEvent(ctx, "sync.completed", {
          ...ref, trigger: ctx.actor.type === "system" ? "scheduled" : "manual", status: walk.complete ? "completed" : "partial",
          admitted: a.discovered, updated: a.distinct - a.discovered - a.excluded, excluded: a.excluded, staleMarked: a.staleMarked, staleCleared: a.staleCleared, completedAt,
        }, `sync-completed-${project.id}-${now.toISOString()}`);
        return a;
      }, { timeout: 30 * 60_000, maxWait: 30_000 });
    } catch (error) {
      refused = error;
    }
    phase("admission");
    const listedBefore = walk.complete ? await sitemapUrlTotal(project.id) : 0;
    await recordSitemaps(ctx, project.id, walk, now);
    phase("record");
    // Site watch: the sitemaps listing over 20 % fewer URLs than at the last sync is a site change (only a complete walk counts).
    if (walk.complete && !refused) {
      await recordSitemapUrlCount(ref, listedBefore, await sitemapUrlTotal(project.id), now)
        .catch((e: unknown) => console.error("[sitemaps] sitemap URL count not compared", e instanceof Error ? e.message : e));
    }
    if (refused || !admission) throw refused;
    // IndexNow: the admitted URLs and the changed lastmods were queued by triggers; ask for a submission.
    if (admission.discovered || admission.lastmodChanged) {
      await requestProjectSubmission(project.id, admission.discovered ? "urls_admitted" : "lastmod_changed");
    }
    const result = toResult(walk, admission, robots);
    if (result.status === "failed") await releaseSyncSlot(project.id, now, previousSyncAt);
    return result;
  } catch (error) {
    // Credits refused: the walk happened, so the debounce stands. Anything unexpected gives the slot back.
    if (!(error instanceof DomainError && error.code === "INSUFFICIENT_CREDITS")) {
      await releaseSyncSlot(project.id, now, previousSyncAt).catch((e) => console.error("[sitemaps] could not release the sync slot", e));
    }
    throw error;
  } finally {
    await progress.stop();
    await writeSyncProgress(project.id, null).catch((e) => console.error("[sitemaps] could not clear the sync's progress", e));
    await stage.dispose().catch((e) => console.error("[sitemaps] could not drop the stage table", e));
  }
}

function timer(report: SyncOptions["onPhase"]) {
  let last = performance.now();
  return (name: "walk" | "admission" | "record") => {
    const t = performance.now();
    report?.(name, t - last);
    last = t;
  };
}

function toResult(walk: WalkResult, a: Admission, robots: Awaited<ReturnType<typeof fetchRobots>>): SitemapSyncResult {
  const read = walk.files.some((f) => f.outcome.fetchStatus === "ok");
  const failures = walk.files.filter((f) => f.outcome.fetchStatus !== "ok")
    .map((f) => ({ url: f.url, problem: f.outcome.problem ?? "unreachable", message: sentence(f.outcome.reason ?? "it could not be read") }));
  if (robots.failure) {
    failures.unshift({ url: "robots.txt", problem: "unreachable", message: sentence(`the robots.txt file could not be read, so the sitemaps it may name were not read: ${fetchFailureInWords(robots.failure)}`) });
  }
  return SitemapSyncResult.parse({
    status: !read ? "failed" : walk.complete ? "completed" : "partial",
    failures: failures.slice(0, FAILURES_REPORT_LIMIT),
    urlsDiscovered: a.discovered,
    urlsUpdated: a.distinct - a.discovered - a.excluded,
    // Every entry read is counted once: admitted, updated, or skipped (invalid, off-host, a repeat, or excluded by the owner).
    urlsSkipped: walk.invalid + walk.offHost + (walk.onHost - a.distinct) + a.excluded,
    urlsExcluded: a.excluded,
    sitemapsFetched: walk.files.filter((f) => f.outcome.httpStatus !== null && f.outcome.httpStatus >= 200 && f.outcome.httpStatus < 300).length,
    staleMarked: a.staleMarked,
    staleCleared: a.staleCleared,
    skippedOffHost: walk.offHostSamples.map((url) => ({ url, reason: "off_host" as const })),
  });
}
