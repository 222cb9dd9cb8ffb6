import type { OrgCtx } from "@/lib/core/context";
import { db } from "@/lib/db";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { daysLeft } from "./certificate";
import { watchedOrigin } from "./robots-watch";
import type { WatchResponse } from "./schemas";
import { listSentinelStates } from "./sentinels";

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** GET …/watch: what the site watch knows now (robots.txt, certificate, home page), the sitemaps' counts and the sentinels. */
export async function getWatch(ctx: OrgCtx, projectId: string, now = new Date()): Promise<WatchResponse> {
  const project = await getProjectOrThrow(ctx, projectId);
  const [w, sitemaps, sentinels] = await Promise.all([
    db.siteWatch.findUnique({ where: { projectId: project.id } }),
    db.sitemap.findMany({
      where: { projectId: project.id, organizationId: project.organizationId }, orderBy: [{ url: "asc" }], take: 100,
      select: { url: true, urlCount: true, previousUrlCount: true },
    }),
    listSentinelStates(project.id),
  ]);
  const origin = watchedOrigin({ origin: w?.origin ?? null, domain: project.domain });
  const failing = w?.robotsFailureKind === "5xx" || w?.robotsFailureKind === "unreachable" ? w.robotsFailureKind : null;
  const homeState = !w?.homeCheckedAt ? "pending" : w.homeStatus !== 200 ? "error" : w.homePreviousFinalUrl && w.homeChangedAt ? "moved" : "ok";
  return {
    robotsTxt: {
      url: `${origin}/robots.txt`,
      lastFetchAt: iso(w?.robotsLastFetchAt),
      httpStatus: w?.robotsLastStatus ?? null,
      state: failing ?? (w?.robotsLastFetchAt ? "ok" : "pending"),
      since: failing ? iso(w?.robotsFailingSince) : iso(w?.robotsCurrentSince),
      versionId: w?.robotsCurrentVersionId ?? null,
      pendingVersionId: w?.robotsPendingVersionId ?? null,
      consecutiveFailures: w?.robotsFailures ?? 0,
      error: w?.robotsLastError ?? null,
    },
    certificate: {
      expiresAt: iso(w?.certExpiresAt),
      daysLeft: daysLeft(w?.certExpiresAt ?? null, now),
      state: (w?.certState as WatchResponse["certificate"]["state"] | null) ?? "pending",
      issuer: w?.certIssuer ?? null,
      checkedAt: iso(w?.certCheckedAt),
      error: w?.certError ?? null,
    },
    homePage: {
      status: w?.homeStatus ?? null,
      finalUrl: w?.homeFinalUrl ?? null,
      state: homeState,
      previousFinalUrl: w?.homePreviousFinalUrl ?? null,
      changedAt: iso(w?.homeChangedAt),
      checkedAt: iso(w?.homeCheckedAt),
      error: w?.homeError ?? null,
    },
    sitemaps,
    sentinels,
  };
}
