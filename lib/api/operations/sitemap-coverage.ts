// OpenAPI registration of the sitemap coverage (DESIGN.md "agency views").
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { SitemapCoverageResponse } from "@/lib/sitemaps/coverage/schemas";
import { defineOperation } from "../operation";

export const getSitemapCoverageOp = defineOperation({
  method: "GET", path: "/api/user/organizations/{organizationId}/projects/{id}/sitemaps/coverage", tags: ["Sitemaps"], scopes: R, params: projectParams,
  response: SitemapCoverageResponse,
  summary: "Indexed URLs per sitemap and per section",
  description: "For each sitemap file that lists URLs and for each first path segment (`/blog/…` → `blog`; pages at the root → `/`, a root page "
    + "naming a section goes with it): tracked URLs, those indexed by Google (`indexedEngineA`) and by Bing (`indexedEngineB`), and those with open issues. "
    + "A URL counts under the sitemap that listed it at the last sync (the first one, when several did); stale URLs, manual and imported URLs "
    + "in no sitemap, and URLs not synced since this was recorded are in the row whose `sitemapId` is null. The 200 largest sections are listed; "
    + "`otherSections` sums the rest.",
});
