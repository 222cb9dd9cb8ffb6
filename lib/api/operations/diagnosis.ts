// OpenAPI registrations of the diagnosis (why not indexed) and the duplicates: one defineOperation per endpoint.
import { projectParams } from "@/lib/projects/schemas";
import { R, W } from "@/lib/auth/scopes";
import { DiagnosisResponse, diagnosisQuery, DuplicateGroupResponse, duplicatesQuery, UrlDiagnosisResponse } from "@/lib/diagnosis/schemas";
import { urlParams } from "@/lib/urls/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";
const tags = ["Diagnosis"];
const RULES = "Each URL an engine does not index has one primary cause: the first rule of an ordered set that holds (docs/diagnosis.md): error status, "
  + "redirect, robots.txt, noindex (raw, then added by JavaScript), canonical elsewhere, no fresh verdict, Google chose another canonical, soft 404, "
  + "duplicate, thin, orphan, nofollow-only links, deep, never crawled, crawl older than 130 days, in no sitemap, unknown.";

export const getDiagnosisOp = defineOperation({
  method: "GET", path: `${P}/diagnosis`, tags, scopes: R, params: projectParams, query: diagnosisQuery, response: DiagnosisResponse,
  summary: "Why pages are not indexed: causes with counts by section, samples and the fix (Google or Bing)",
  description: `${RULES} The causes are those of the last diagnosis (it runs after audits, engine syncs and the link graph, and hourly). `
    + "`engine` picks Google (`engineA`, default) or Bing (`engineB`).",
});
export const postDiagnosisOp = defineOperation({
  method: "POST", path: `${P}/diagnosis`, tags, scopes: W, params: projectParams, query: diagnosisQuery, response: DiagnosisResponse,
  summary: "Diagnose the project now, then answer as GET (free)",
  description: `${RULES} Recomputes every URL's cause (set-wise: seconds for a million URLs), the duplicate groups and the duplicate_content and `
    + "soft_404_suspect issues, then answers the causes of `engine`. The hourly job does the same for every project.",
});
export const getUrlDiagnosisOp = defineOperation({
  method: "GET", path: `${P}/urls/{urlId}/diagnosis`, tags, scopes: R, params: urlParams, response: UrlDiagnosisResponse,
  summary: "Why this URL is not indexed, per engine: the cause, its evidence and the fix",
  description: `${RULES} Computed now from what we observed last (audit, render, Google's last answer, links, logs, sitemaps).`,
});
export const getDuplicatesOp = defineOperation({
  method: "GET", path: `${P}/duplicates`, tags, scopes: R, params: projectParams, query: duplicatesQuery, response: DuplicateGroupResponse, paginated: true,
  summary: "Groups of pages with the same (or nearly the same) main text, title or meta description",
  description: "Among indexable pages answering 200, as the last diagnosis found them; the largest groups first. `content` (the default): the same main-text hash "
    + "(pages with at least 20 words); `title` and `description`: the same text, case and spacing ignored; `near_content`: main texts whose 64-bit SimHashes "
    + "differ in at most 3 bits, chained, at least two different texts a group, with `similarity` (the lowest to the kept page, percent). The kept page of "
    + "each group (canonical) has the most internal links, then the shortest URL; the others are copies (cause `duplicate`; issue duplicate_content for "
    + "exact copies).",
});
