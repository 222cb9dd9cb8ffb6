import { likeEscape, preparedName, Prisma, sqlRows } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta } from "@/lib/core/pagination";
import { DomainError } from "@/lib/core/errors";
import { UrlExclusionResponse, type ListUrlExclusionsQuery } from "./schemas";

type Row = { total: number; url: string | null; created_at: string | null; created_by_user_id: string | null };

/**
 * A page of the URLs the owner stopped tracking (url_exclusions), the latest first (then by URL), with the exact
 * total; `q` keeps those containing the text. One statement: no row at all means the project is not a live
 * project of the organization (404).
 */
export async function listUrlExclusions(ctx: OrgCtx, projectId: string, query: ListUrlExclusionsQuery) {
  const search = query.q ? Prisma.sql`AND e.url ILIKE ${`%${likeEscape(query.q)}%`} ESCAPE '\\'` : Prisma.empty;
  const statement = Prisma.sql`
    WITH p AS (SELECT p.id FROM projects p WHERE p.id = ${projectId}::uuid AND p.organization_id = ${ctx.org.id}::uuid AND p.deleted_at IS NULL),
    n AS MATERIALIZED (SELECT (SELECT count(*) FROM url_exclusions e WHERE e.project_id = p.id ${search})::int AS total FROM p)
    SELECT n.total, page.url, page.created_at, page.created_by_user_id FROM n
    LEFT JOIN LATERAL (
      SELECT e.url, e.created_at, e.created_by_user_id::text AS created_by_user_id
      FROM url_exclusions e WHERE e.project_id = ${projectId}::uuid ${search} AND ${query.offset} < n.total
      ORDER BY e.created_at DESC, e.url LIMIT ${query.limit} OFFSET ${query.offset}) page ON true`;
  // Two shapes (with and without q), each prepared once per connection.
  const rows = await sqlRows<Row>(statement, preparedName(statement), { timestamps: "iso" });
  if (!rows.length) throw new DomainError("NOT_FOUND", "Project not found");
  const data = rows.filter((r) => r.url !== null)
    .map((r) => UrlExclusionResponse.parse({ url: r.url, createdAt: r.created_at, createdByUserId: r.created_by_user_id }));
  return { data, meta: pageMeta(rows[0].total, query) };
}

/** `text` matched literally inside a LIKE pattern whose escape character is a backslash. */
