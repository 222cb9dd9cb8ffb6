import { db, Prisma } from "@/lib/db";
import { ELIGIBLE_PROJECT, HAS_BACKLOG, notLeasedNorBackingOff } from "./eligibility";
import { UNSETTLED } from "./settle-submissions";

type Page = { id: string; organizationId: string }[];

/** A page (by id) of projects with URLs due for submission now: eligible, not leased, not backing off, with a backlog. */
export async function listDueProjects(after: string | null, limit: number, now = new Date()): Promise<Page> {
  return db.$queryRaw<Page>(Prisma.sql`
    SELECT p.id::text AS id, p.organization_id::text AS "organizationId"
    FROM projects p LEFT JOIN index_now_states s ON s.project_id = p.id
    WHERE ${ELIGIBLE_PROJECT} AND ${notLeasedNorBackingOff(now)} AND ${HAS_BACKLOG}
      ${after ? Prisma.sql`AND p.id > ${after}::uuid` : Prisma.empty}
    ORDER BY p.id
    LIMIT ${limit}`);
}

/** A page (by id) of projects with submissions not yet applied to their URLs (whatever their state now). */
export async function listUnsettledProjects(after: string | null, limit: number): Promise<Page> {
  return db.$queryRaw<Page>(Prisma.sql`
    SELECT s.project_id::text AS id, s.organization_id::text AS "organizationId"
    FROM index_now_states s
    WHERE ${UNSETTLED} ${after ? Prisma.sql`AND s.project_id > ${after}::uuid` : Prisma.empty}
    ORDER BY s.project_id
    LIMIT ${limit}`);
}
