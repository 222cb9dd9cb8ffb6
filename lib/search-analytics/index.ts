// Search Analytics: Google's clicks and impressions per page, kept per tracked URL and turned into evidence of indexing.
export { pullSearchAnalytics, type PullOutcome } from "./pull-search-analytics";
export { listDueSearchAnalyticsProjects } from "./list-due-projects";
export { getUrlPerformance } from "./get-url-performance";
export { listUntrackedPages } from "./list-untracked-pages";
