export { syncProject, type SyncOptions } from "./sync-project";
export { syncScheduledProject, type ScheduledSyncOutcome } from "./sync-scheduled-project";
export { listSitemaps } from "./list-sitemaps";
export { listSyncableProjects, type SyncableProject } from "./list-syncable-projects";
export { DEFAULT_SYNC_LIMITS, LAST_SEEN_RESOLUTION_MS, SYNC_DEBOUNCE_MS, type SyncLimits } from "./limits";
export { SitemapResponse, SitemapSyncResult, OFF_HOST_REPORT_LIMIT } from "./schemas";
