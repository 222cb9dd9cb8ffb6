import { Prisma, sqlRows } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { iso } from "@/lib/core/iso";
import { COUNTER_COLUMNS, COUNTERS, type Counters } from "./counters";
import { WebsiteStatsResponse } from "./schemas";

type Row = Partial<Counters> & {
  project_id: string; organization_id: string; id: string | null;
  last_reconciled_at: Date | null; created_at: Date | null; updated_at: Date | null;
};

const COUNTER_LIST = Prisma.raw(COUNTERS.map((c) => `s.${COUNTER_COLUMNS[c]} AS "${c}"`).join(", "));

/**
 * Live counters of a project; before any URL exists the row is absent: id null and zeros. One query:
 * the live project of the organization (404 otherwise) with its counters row.
 */
export async function getStats(ctx: OrgCtx, projectId: string) {
  const [s] = await sqlRows<Row>(Prisma.sql`
    SELECT p.id AS project_id, p.organization_id, s.id, ${COUNTER_LIST}, s.last_reconciled_at, s.created_at, s.updated_at
    FROM projects p LEFT JOIN website_stats s ON s.project_id = p.id
    WHERE p.id = ${projectId}::uuid AND p.organization_id = ${ctx.org.id}::uuid AND p.deleted_at IS NULL`, "get_stats");
  if (!s) throw new DomainError("NOT_FOUND", "Project not found");
  return WebsiteStatsResponse.parse({
    id: s.id, organizationId: s.organization_id, projectId: s.project_id,
    ...Object.fromEntries(COUNTERS.map((c) => [c, s[c] ?? 0])),
    lastReconciledAt: iso(s.last_reconciled_at), createdAt: iso(s.created_at), updatedAt: iso(s.updated_at),
  });
}
