import type { InngestFunction } from "inngest";
import { commitUrlImportFn } from "./imports/commit-url-import";
import { purgeSubmissionDetailsFn } from "./indexnow/purge-submission-details";
import { settleProjectSubmissionsFn } from "./indexnow/settle-project-submissions";
import { submitProjectUrlsFn } from "./indexnow/submit-project-urls";
import { sweepPendingSubmissionsFn } from "./indexnow/sweep-pending-submissions";
import { syncAllProjectsFn } from "./sitemaps/sync-all-projects";
import { syncProjectFn } from "./sitemaps/sync-project";
import { purgeDeletedAccountsFn } from "./users/purge-deleted-accounts";
import { purgeDeletedOrganizationsFn } from "./organizations/purge-deleted-organizations";
import { purgeUrlHistoryFn } from "./inspections/purge-url-history";
import { runScheduledInspectionsFn } from "./inspections/run-scheduled-inspections";
import { syncEngineBacklogFn } from "./engine-sync/sync-engine-backlog";
import { pullSearchAnalyticsFn } from "./search-analytics/pull-search-analytics";
import { planGscDayFn } from "./engine-sync/plan-gsc-day";
import { reconcileStatsFn } from "./stats/reconcile-stats";
import { takeDailySnapshotsFn } from "./snapshots/take-daily-snapshots";
import { notifyCreditsLowFn, notifyIssueOpenedFn, sendIssueDigestsFn } from "./notifications/notify-in-app";
import { flushOutboxFn, purgeOutboxFn } from "./events/flush-outbox";
import { webhooksDeliverDueFn, webhooksFanOutFn } from "./webhooks/webhooks";
import { processLogImportFn } from "./crawl-logs/process-log-import";
import { maintainCrawlActivityFn } from "./crawl-logs/maintain-crawl-activity";
import { verifyPushedHitsFn } from "./crawl-logs/verify-pushed-hits";
import { refreshCrawlerIpRangesFn } from "./crawl-logs/refresh-crawler-ip-ranges";
import { followRemovalsFn } from "./removals/follow-removals";
import { sendClientReportsFn } from "./reports/send-client-reports";
import { diagnoseProjectsFn, diagnoseRequestedFn } from "./diagnosis/diagnose";
import { renderWeeklySamplesFn } from "./rendering/render-weekly-samples";
import { renderSentinelPagesFn } from "./rendering/render-sentinels";
import { runSentinelsCronFn, runSentinelsOnDeployFn } from "./site-watch/sentinel-runs";
import { watchRobotsTxtFn } from "./site-watch/watch-robots-txt";
import { computeLinkGraphFn, sweepLinkGraphsFn } from "./links/compute-link-graph";

/** The one list of functions: serve() registers it with Inngest; the in-process runner and scheduler use it otherwise. */
export const functions: InngestFunction.Any[] = [purgeDeletedAccountsFn, purgeDeletedOrganizationsFn, commitUrlImportFn, syncAllProjectsFn, syncProjectFn,
  submitProjectUrlsFn, settleProjectSubmissionsFn, sweepPendingSubmissionsFn, purgeSubmissionDetailsFn, runScheduledInspectionsFn, purgeUrlHistoryFn,
  syncEngineBacklogFn, planGscDayFn, pullSearchAnalyticsFn, reconcileStatsFn, takeDailySnapshotsFn, notifyCreditsLowFn, notifyIssueOpenedFn, sendIssueDigestsFn,
  flushOutboxFn, purgeOutboxFn, webhooksFanOutFn, webhooksDeliverDueFn, processLogImportFn, verifyPushedHitsFn, maintainCrawlActivityFn, refreshCrawlerIpRangesFn, followRemovalsFn,
  sendClientReportsFn, renderWeeklySamplesFn, renderSentinelPagesFn, runSentinelsCronFn, runSentinelsOnDeployFn, watchRobotsTxtFn,
  diagnoseProjectsFn, diagnoseRequestedFn, computeLinkGraphFn, sweepLinkGraphsFn];
