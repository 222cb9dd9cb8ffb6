// OpenAPI registrations of the sitemaps area: one defineOperation per endpoint, read by its route and the OpenAPI document.
import { R, W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { AvailabilityProbeResult } from "@/lib/sitemaps/probe/schemas";
import { SitemapResponse, SitemapSyncResult, SyncProgressResponse } from "@/lib/sitemaps/sync/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";
const tags = ["Sitemaps"];

export const postProjectSyncOp = defineOperation({
  method: "POST", path: `${P}/sync`, tags, scopes: W, params: projectParams, response: SitemapSyncResult,
  errors: ["SYNC_RATE_LIMITED", "INSUFFICIENT_CREDITS"],
  summary: "Sync the sitemaps now",
  description: "Walks the project's `sitemapUrl` and the `Sitemap:` lines of https://{domain}/robots.txt, then their children (sitemap indexes nested up to "
    + "3 levels, loops cut at the first repeat, at most 1,000 files; urlset, sitemapindex, gzip and plain-text sitemaps; 50,000 entries and 50 MB per file). "
    + "A file counts only when it was read to the end. Each entry is normalized; entries whose host is not exactly the project domain are reported in "
    + "`skippedOffHost` (first 100) and never charged. On-host URLs not tracked yet are admitted with source `sitemap` at 1 credit each, all or nothing: "
    + "402 INSUFFICIENT_CREDITS (`meta.required`, `meta.available`) admits and updates nothing (the sitemap statuses are still recorded). Tracked URLs "
    + "seen again get lastSeenInSitemapAt (to the hour) and lastmod and lose staleAt. Only when every sitemap (and robots.txt) was read completely are "
    + "`sitemap` URLs that no sitemap lists any more marked stale. "
    + "`urlsDiscovered + urlsUpdated + urlsSkipped` = the URL entries read. A second sync within 15 minutes of the last sync start answers "
    + "429 SYNC_RATE_LIMITED with a `Retry-After` header and `meta.retryAfterSeconds`; so does a sync beyond `RATE_LIMIT_SITE_FETCHES_PER_MINUTE` (6) calls a minute per project and domain, "
    + "failed ones included (a failed sync gives its 15-minute slot back, but it fetched the site).",
});
export const getProjectSyncOp = defineOperation({
  method: "GET", path: `${P}/sync`, tags, scopes: R, params: projectParams, response: SyncProgressResponse,
  summary: "The sitemap sync running now, and how far it got",
  description: "While a sync runs (its POST has not answered yet): `phase` (`reading` the sitemaps, then `admitting` what they list), the files fetched "
    + "(`sitemapsRead`) of those found so far (`sitemapsFound`, which grows as indexes name children) and the URL entries read. Updated about twice a second. "
    + "`running: false` with zeros when no sync runs.",
});
export const getProjectSitemapsOp = defineOperation({
  method: "GET", path: `${P}/sitemaps`, tags, scopes: R, params: projectParams, response: SitemapResponse, responseIsList: true,
  summary: "List the sitemaps the syncs found",
  description: "Roots (the configured `sitemapUrl` and robots.txt-declared sitemaps, `parentSitemapId` null) first, then children, each group by URL. "
    + "`fetchStatus`/`error` describe the last sync's fetch and parse; `lastSuccessAt` the last fetch that was read to the end. "
    + "Sitemaps no longer reachable from any root are dropped after a complete sync.",
});
export const postProjectAvailabilityProbeOp = defineOperation({
  method: "POST", path: `${P}/availability/probe`, tags, scopes: W, params: projectParams, response: AvailabilityProbeResult,
  summary: "Check robots.txt, llms.txt and the sitemap",
  description: "Allowed before ownership is verified. Fetches https://{domain}/robots.txt, https://{domain}/llms.txt and `sitemapUrl` through the "
    + "SSRF-guarded fetcher; a 2xx answer (after redirects) counts as present. Stores `robotsTxtPresent`, `llmsTxtPresent` and "
    + "`lastAvailabilityCheckAt` on the project. Beyond `RATE_LIMIT_SITE_FETCHES_PER_MINUTE` (6) calls a minute per project and domain, 429 RATE_LIMITED with Retry-After and nothing is fetched.",
  errors: ["RATE_LIMITED"],
});
