import { db, Prisma, uuidArray } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { getIssueOrThrow, toMembershipResponse } from "./internal";
import { IssueUrlResponse, type IssueUrlEvidence } from "./schemas";

const order = [{ detectedAt: "desc" as const }, { id: "asc" as const }];

/**
 * A page of a group's URL memberships: open ones (resolvedAt null) first, each part by detectedAt
 * descending then id, each with its URL's evidence. The two parts are read separately so each walks the
 * (issue_id, resolved_at, detected_at) index instead of sorting every membership of the group.
 */
export async function listIssueUrls(ctx: OrgCtx, projectId: string, issueId: string, page: Pagination) {
  const project = await getProjectOrThrow(ctx, projectId);
  const issue = await getIssueOrThrow(ctx, project.id, issueId);
  const [open, resolved] = await Promise.all([
    db.issueUrlMembership.count({ where: { issueId: issue.id, resolvedAt: null } }),
    db.issueUrlMembership.count({ where: { issueId: issue.id, resolvedAt: { not: null } } }),
  ]);
  const { offset, limit } = page;
  const rows = offset < open
    ? await db.issueUrlMembership.findMany({ where: { issueId: issue.id, resolvedAt: null }, orderBy: order, skip: offset, take: limit })
    : [];
  const rest = limit - rows.length;
  if (rest > 0 && offset + rows.length < open + resolved) {
    rows.push(...await db.issueUrlMembership.findMany({
      where: { issueId: issue.id, resolvedAt: { not: null } }, orderBy: order, skip: Math.max(0, offset - open), take: rest,
    }));
  }
  const evidence = await evidenceOf(project.id, rows.map((m) => m.trackedUrlId));
  const data = rows.map((m) => IssueUrlResponse.parse({ ...toMembershipResponse(m), evidence: evidence.get(m.trackedUrlId) ?? null }));
  return { data, meta: pageMeta(open + resolved, page) };
}

type EvidenceRow = Omit<IssueUrlEvidence, "lastAuditAt" | "lastSeenInSitemapAt"> & { id: string; lastAuditAt: Date | null; lastSeenInSitemapAt: Date | null };

/** The page's URLs as they stand: their audit and engine columns and what their last audit saw (one statement). */
async function evidenceOf(projectId: string, ids: string[]): Promise<Map<string, IssueUrlEvidence>> {
  if (!ids.length) return new Map();
  const rows = await db.$queryRaw<EvidenceRow[]>(Prisma.sql`
    SELECT t.id::text AS id, t.health_state::text AS "healthState", t.http_status AS "httpStatus", t.health_error AS "healthError",
           t.redirect_target AS "redirectTarget", t.redirect_hops AS "redirectHops", t.canonical_url AS "canonicalUrl",
           t.indexability::text AS indexability, t.meta_robots AS "metaRobots", t.x_robots_tag AS "xRobotsTag",
           t.engine_a_state::text AS "engineAState", t.engine_b_state::text AS "engineBState", t.last_audit_at AS "lastAuditAt",
           t.last_seen_in_sitemap_at AS "lastSeenInSitemapAt",
           h.state->'hops' AS "redirectChain", nullif(h.state->'robots'->'rule', 'null'::jsonb) AS "robotsRule", h.state->>'wafVendor' AS "wafVendor"
    FROM tracked_urls t
    LEFT JOIN LATERAL (
      SELECT state FROM url_history WHERE tracked_url_id = t.id AND kind = 'audit' ORDER BY observed_at DESC, id DESC LIMIT 1
    ) h ON true
    WHERE t.project_id = ${projectId}::uuid AND t.id = ANY(${uuidArray(ids)})`);
  return new Map(rows.map(({ id, lastAuditAt, lastSeenInSitemapAt, ...e }) =>
    [id, { ...e, lastAuditAt: lastAuditAt?.toISOString() ?? null, lastSeenInSitemapAt: lastSeenInSitemapAt?.toISOString() ?? null }]));
}
