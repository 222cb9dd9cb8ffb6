// The diagnosis's schedule: which projects are due (never diagnosed, or not in the last hour), and one project's run
// under a system context, for the hourly job and the event that asks for one project now.
import { systemCtx } from "@/lib/core/context";
import { db, Prisma } from "@/lib/db";
import { computeDiagnosis, type DiagnosisRun } from "./compute-diagnosis";

/** A project is diagnosed again once its last diagnosis is this old (the hourly job). */
export const DIAGNOSIS_INTERVAL_MS = 60 * 60_000;
export interface DueProject { organizationId: string; projectId: string }

/** Live, active projects with tracked URLs whose diagnosis is due, the longest due first. */
export async function listProjectsDueForDiagnosis(now: Date, limit = 50): Promise<DueProject[]> {
  return db.$queryRaw<DueProject[]>(Prisma.sql`
    SELECT p.organization_id::text AS "organizationId", p.id::text AS "projectId"
    FROM projects p LEFT JOIN diagnosis_runs d ON d.project_id = p.id
    WHERE p.deleted_at IS NULL AND p.status = 'active' AND EXISTS (SELECT 1 FROM tracked_urls t WHERE t.project_id = p.id)
      AND (d.diagnosed_at IS NULL OR d.diagnosed_at <= ${new Date(now.getTime() - DIAGNOSIS_INTERVAL_MS)})
    ORDER BY d.diagnosed_at NULLS FIRST, p.id LIMIT ${limit}`);
}

/** Diagnoses one project as the job does; plain JSON out (a step's result). */
export async function diagnoseProject(p: DueProject, now = new Date()): Promise<DiagnosisRun & { projectId: string }> {
  const run = await computeDiagnosis(systemCtx("diagnosis", p.organizationId), p.projectId, now);
  return { projectId: p.projectId, ...run };
}
