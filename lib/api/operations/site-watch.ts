// OpenAPI registrations of the site watch (robots.txt versions, certificate, home page): one defineOperation per endpoint.
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { listRobotsVersionsQuery, robotsVersionParams, RobotsTxtVersionDetail, RobotsTxtVersionSummary, WatchResponse } from "@/lib/site-watch/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";
const tags = ["Site watch"];

export const getRobotsTxtVersionsOp = defineOperation({
  method: "GET", path: `${P}/robots-txt/versions`, tags, scopes: R, params: projectParams, query: listRobotsVersionsQuery,
  response: RobotsTxtVersionSummary, paginated: true,
  summary: "List the robots.txt versions the watch has seen",
  description: "The robots.txt of the origin the home page resolves to is fetched every `ROBOTS_WATCH_MINUTES` (5) with If-None-Match / "
    + "If-Modified-Since. Each distinct answer (a 2xx body's first 500 KiB, or a 4xx: no file) is one version, deduplicated by status and SHA-256. "
    + "A version becomes `current` once seen on 2 fetches in a row. Newest first (by `firstSeenAt`, then id); `meta.total` is exact.",
});
export const getRobotsTxtVersionOp = defineOperation({
  method: "GET", path: `${P}/robots-txt/versions/{versionId}`, tags, scopes: R, params: robotsVersionParams, response: RobotsTxtVersionDetail,
  summary: "Get one robots.txt version with its diff and impact",
  description: "`diff` is a unified line diff against the version that was current before this one became current; `impact` ran both files "
    + "over every tracked URL on the watched host for Googlebot (Google's reading), Bingbot and each AI crawler (RFC 9309). Both are null "
    + "for the first version and for one never current. Another project's or organization's version is a 404.",
});
export const getProjectWatchOp = defineOperation({
  method: "GET", path: `${P}/watch`, tags, scopes: R, params: projectParams, response: WatchResponse,
  summary: "What the site watch sees now",
  description: "robots.txt (last fetch, state and since when, the current version), the origin's certificate (days left; `certificate_expiring` "
    + "opens 14 days ahead; an unreadable certificate is the state `unreadable`), the home page (still 200 at the same address?), "
    + "the sitemaps' URL counts of the last two syncs, and the sentinels. The home page and certificate are checked hourly.",
});
