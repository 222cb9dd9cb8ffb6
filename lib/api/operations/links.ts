// OpenAPI registrations of the internal link graph (lib/links): one defineOperation per endpoint.
import { R } from "@/lib/auth/scopes";
import { BrokenLinkResponse, listLinksQuery, UnlistedPageResponse, UrlLinksResponse } from "@/lib/links/schemas";
import { projectParams } from "@/lib/projects/schemas";
import { urlParams } from "@/lib/urls/schemas";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";
const tags = ["Links"];
const GRAPH = "The graph is built from the audits' HTML (internal `<a href>`s of the project's host and its www/apex twin, `<base>` respected, "
  + "canonicalised, at most 1,000 targets a page) and rendered pages' links, and computed hourly after audits (docs/links.md).";

export const getUrlLinksOp = defineOperation({
  method: "GET", path: `${P}/urls/{urlId}/links`, tags, scopes: R, params: urlParams, response: UrlLinksResponse,
  summary: "One URL's internal links: inlinks, outlinks, click depth, orphan",
  description: `${GRAPH} \`inlinks.pages\` counts distinct audited pages linking here; \`clickDepth\` is breadth-first from the home page `
    + "(a home page that redirects starts from its target); `orphan` is claimed only after a complete cycle (every tracked URL audited since "
    + "the graph was last complete). Another organization's URL is a 404.",
});
export const getBrokenLinksOp = defineOperation({
  method: "GET", path: `${P}/links/broken`, tags, scopes: R, params: projectParams, query: listLinksQuery, response: BrokenLinkResponse, paginated: true,
  summary: "Broken internal links, with the pages that carry them",
  description: `${GRAPH} A target is broken when it answers 4xx/5xx or redirects (a tracked URL's last audit, or an unlisted page's own fetch). `
    + "Most linked first; `sampleSources` are the pages a person edits.",
});
export const getUnlistedPagesOp = defineOperation({
  method: "GET", path: `${P}/links/unlisted`, tags, scopes: R, params: projectParams, query: listLinksQuery, response: UnlistedPageResponse, paginated: true,
  summary: "Linked pages the project does not track",
  description: `${GRAPH} Internal link targets that are not tracked, most linked first. Up to 100 of them a run are fetched politely `
    + "(robots.txt, the audit's per-host pacing; again after 30 days) for their status and their own links. Track them with POST …/urls.",
});
