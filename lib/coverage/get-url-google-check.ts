import { dbOf } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { iso } from "@/lib/core/iso";
import type { CheckReason } from "@/lib/engine-sync/check-reasons";
import { getProjectOrThrow } from "@/lib/projects/internal";
import type { UrlGoogleCheckResponse } from "./schemas";

/** Why Google is (or was last) asked about one URL, whether that check still waits for quota, and Google's last crawl. */
export async function getUrlGoogleCheck(ctx: OrgCtx, projectId: string, urlId: string): Promise<UrlGoogleCheckResponse> {
  const project = await getProjectOrThrow(ctx, projectId);
  const u = await dbOf(ctx).trackedUrl.findFirst({
    where: { id: urlId, projectId: project.id, organizationId: project.organizationId },
    select: { engineACheckReason: true, engineASyncPriority: true, engineALastCrawlAt: true, lastGooglebotFetchAt: true, engineAObservedAt: true },
  });
  if (!u) throw new DomainError("NOT_FOUND", "URL not found");
  return {
    reason: u.engineACheckReason as CheckReason | null,
    queued: u.engineASyncPriority !== null,
    priority: u.engineASyncPriority,
    lastCrawlAt: iso(u.engineALastCrawlAt),
    lastGooglebotFetchAt: iso(u.lastGooglebotFetchAt),
    observedAt: iso(u.engineAObservedAt),
  };
}
