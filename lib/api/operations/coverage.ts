// OpenAPI registrations of the coverage area: one defineOperation per endpoint, read by its route and the OpenAPI document.
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { CoverageResponse, UrlGoogleCheckResponse } from "@/lib/coverage/schemas";
import { urlParams } from "@/lib/urls/schemas";
import { defineOperation } from "../operation";

export const getProjectCoverageOp = defineOperation({
  method: "GET", path: "/api/user/organizations/{organizationId}/projects/{id}/coverage", tags: ["Statistics"], scopes: R, params: projectParams,
  response: CoverageResponse,
  summary: "How fresh the project's Google and Bing verdicts are, and today's inspection plan",
  description: "Per engine (`engineA` Google, `engineB` Bing): tracked URLs, those whose verdict was observed in the last 7 and 30 days, those still `unknown`, "
    + "and the URLs by what said their verdict (Google: a URL inspection or Search Analytics impressions; Bing: its URL information). "
    + "`plan`: the Google inspections the rest of today's quota will be spent on, by reason, in the order they are taken. "
    + "`properties`: each Google Search Console property with its URL Inspection quota use today.",
});

export const getUrlGoogleCheckOp = defineOperation({
  method: "GET", path: "/api/user/organizations/{organizationId}/projects/{id}/urls/{urlId}/google-check", tags: ["Statistics"], scopes: R, params: urlParams,
  response: UrlGoogleCheckResponse,
  summary: "Why Google is asked about one URL",
  description: "The reason the URL owes (or last owed) a Google URL inspection, from the daily plan or an inspection of ours, whether that check still waits "
    + "for quota, and when Google last crawled the page (its last inspection's lastCrawlTime; the logs' last verified Googlebot fetch beside it).",
});
