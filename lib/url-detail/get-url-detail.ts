import type { OrgCtx } from "@/lib/core/context";
import { getUrlDiagnosis } from "@/lib/diagnosis/get-url-diagnosis";
import { getUrlLinks } from "@/lib/links/read-links";
import { getUrlGoogleCheck } from "@/lib/coverage/get-url-google-check";
import { getUrlCrawlActivity } from "@/lib/crawl-logs/aggregate/get-url-crawl-activity";
import { listUrlHistory } from "@/lib/inspections/list-url-history";
import { getActivationPreview } from "@/lib/projects/get-activation-preview";
import { listUrlRemovals } from "@/lib/removals/read-removals";
import { findUrlRender } from "@/lib/rendering/on-demand";
import { getUrlPerformance } from "@/lib/search-analytics/get-url-performance";
import { listUrlFieldChanges } from "@/lib/site-watch/field-history-read";
import { getUrl } from "@/lib/urls/get-url";
import { listUrlIssues } from "@/lib/urls/list-url-issues";
import { DETAIL_CRAWL_DAYS, DETAIL_FIELD_CHANGES_PAGE, DETAIL_HISTORY_PAGE, DETAIL_PERFORMANCE_DAYS, UrlDetailResponse } from "./schemas";

/**
 * What the URL panel shows, read in one request instead of ten (each a round trip through auth and the
 * project lookup): the URL first (404 for an unknown or foreign id), then the same verbs its parts' own
 * endpoints call, so the answer is theirs to the field.
 */
export async function getUrlDetail(ctx: OrgCtx, projectId: string, urlId: string, now = new Date()): Promise<UrlDetailResponse> {
  const url = await getUrl(ctx, projectId, urlId);
  const [issues, history, engineA, engineB, googleCheck, performance, crawlActivity, removals, render, fieldChanges, activationPreview, diagnosis, links] = await Promise.all([
    listUrlIssues(ctx, projectId, urlId),
    listUrlHistory(ctx, projectId, urlId, { ...DETAIL_HISTORY_PAGE }),
    listUrlHistory(ctx, projectId, urlId, { offset: 0, limit: 1, kind: "engineA" }),
    listUrlHistory(ctx, projectId, urlId, { offset: 0, limit: 1, kind: "engineB" }),
    getUrlGoogleCheck(ctx, projectId, urlId),
    // Before the first Search Analytics pull there is nothing to chart (the panel asks for nothing either).
    url.clicks28d === null ? null : getUrlPerformance(ctx, projectId, urlId, DETAIL_PERFORMANCE_DAYS, now),
    getUrlCrawlActivity(ctx, projectId, urlId, DETAIL_CRAWL_DAYS, now),
    listUrlRemovals(ctx, projectId, urlId),
    findUrlRender(ctx, projectId, urlId),
    listUrlFieldChanges(ctx, projectId, urlId, { ...DETAIL_FIELD_CHANGES_PAGE }),
    getActivationPreview(ctx, projectId, now),
    getUrlDiagnosis(ctx, projectId, urlId),
    getUrlLinks(ctx, projectId, urlId),
  ]);
  return UrlDetailResponse.parse({
    url, issues, history, latestAnswers: { engineA: engineA.data[0] ?? null, engineB: engineB.data[0] ?? null },
    googleCheck, performance, crawlActivity, removals, render, fieldChanges, activationPreview, diagnosis, links,
  });
}
