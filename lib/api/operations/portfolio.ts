// OpenAPI registrations of the organization's portfolio (DESIGN.md "agency views").
import { orgParams } from "@/lib/core/params";
import { portfolioQuery, PortfolioProject } from "@/lib/portfolio/schemas";
import { defineOperation } from "../operation";

export const getPortfolioOp = defineOperation({
  method: "GET", path: "/api/user/organizations/{organizationId}/portfolio", tags: ["Organizations"], scopes: ["organization:read"],
  params: orgParams, query: portfolioQuery, response: PortfolioProject, responseIsList: true,
  summary: "Every project of the organization with its counters, coverage and 30-day indexed trend",
  description: "One row per live project (all of them, no pagination): tracked URLs, healthy share, indexed share per engine (`engineA` Google, "
    + "`engineB` Bing), the share of URLs whose Google verdict is at most 7 days old, open critical issue groups, the indexed URLs of the last 30 "
    + "daily snapshots, the last sitemap and engine sync, and connection problems (revoked Google grant, failing Bing key, rejected IndexNow key). "
    + "Percentages have one decimal and are null for a project without URLs. Filter with `q` (name or domain), order with `sort`.",
});
