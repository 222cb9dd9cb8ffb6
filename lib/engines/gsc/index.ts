// gsc (first engine): OAuth, site list, URL inspection, mapping, quota, Search Analytics.
export { buildAuthorizeUrl } from "./build-authorize-url";
export { exchangeCode, type ExchangedGrant } from "./exchange-code";
export { refreshAccessToken } from "./refresh-access-token";
export type { TokenGrant } from "./token-request";
export { listSites, type GscSite } from "./list-sites";
export { inspectUrl, type Inspection } from "./inspect-url";
export { mapGscInspection, type GscObservation } from "./map-inspection";
export type { EngineAState } from "./coverage-states";
export type { IndexStatusResult } from "./schemas";
export { GSC_QUOTA, gscQuota, minuteKey, nextMinute, type QuotaLimits } from "./quota-limits";
export {
  querySearchAnalytics, searchAnalyticsPages, SEARCH_ANALYTICS_MAX_ROWS,
  type SearchAnalyticsQuery, type SearchAnalyticsPage, type SearchAnalyticsRow,
} from "./search-analytics";
