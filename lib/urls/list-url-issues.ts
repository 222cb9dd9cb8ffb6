import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { toMembershipResponse } from "@/lib/issues/internal";
import { UrlIssueResponse } from "@/lib/issues/schemas";
import { getUrl } from "./get-url";

/**
 * The URL's open memberships (resolvedAt null) with their group, most severe group first, then the
 * latest detection. A URL is in at most one group per issue type, so the list is short and unpaged.
 */
export async function listUrlIssues(ctx: OrgCtx, projectId: string, urlId: string): Promise<UrlIssueResponse[]> {
  const url = await getUrl(ctx, projectId, urlId);
  const rows = await db.issueUrlMembership.findMany({
    where: { trackedUrlId: url.id, organizationId: url.organizationId, resolvedAt: null },
    include: { issue: { select: { id: true, type: true, severity: true, status: true } } },
    orderBy: [{ issue: { severityRank: "desc" } }, { detectedAt: "desc" }, { id: "asc" }],
  });
  return rows.map((m) => UrlIssueResponse.parse({ ...toMembershipResponse(m), issue: m.issue }));
}
