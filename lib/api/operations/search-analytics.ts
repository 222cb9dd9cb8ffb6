// OpenAPI registrations of the search-analytics area: one defineOperation per endpoint, read by its route and the OpenAPI document.
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { urlParams } from "@/lib/urls/schemas";
import { PerformanceDay, performanceQuery, UntrackedPage, untrackedQuery } from "@/lib/search-analytics/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";
const tags = ["Search performance"];

export const getUrlPerformanceOp = defineOperation({
  method: "GET", path: `${P}/urls/{urlId}/performance`, tags, scopes: R, params: urlParams, query: performanceQuery,
  response: PerformanceDay, responseIsList: true,
  summary: "Daily Google Search clicks and impressions of one URL",
  description: "From Google Search Console's Search Analytics (web search), pulled daily for a connected project (the first pull reaches back 16 months). "
    + "One entry per Pacific day from `days - 1` days ago to today, ascending; a day without impressions reported has 0 clicks, 0 impressions and position null. "
    + "Google reports the top pages only for very large sites, so a missing day is no evidence either way. Fragment variants of the page (`#…`) are summed into it.",
});
export const getUntrackedSearchPagesOp = defineOperation({
  method: "GET", path: `${P}/search-analytics/untracked`, tags, scopes: R, params: projectParams, query: untrackedQuery,
  response: UntrackedPage, paginated: true,
  summary: "Pages Google shows that the project does not track",
  description: "Pages of the project's domain with impressions in Google Search over the last 28 days that are not tracked URLs, by clicks, then impressions. "
    + "Matching uses the URL normalization of admission: a trailing-slash or query-string variant of a tracked URL is another URL and is listed here. "
    + "Admit them with POST …/urls.",
});
