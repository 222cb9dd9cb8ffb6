import type { Ctx, OrgCtx } from "@/lib/core/context";
import { Prisma, dbOf } from "@/lib/db";

// WebsiteStats.openIssues is recomputed, not incremented: every writer of issue
// groups or memberships first locks the project's stats row (lockProjectStats), then writes, then
// recomputes (refreshIssueCounters) in a later statement. Under READ COMMITTED each statement takes a
// fresh snapshot, so a writer that waited for the lock sees everything its predecessor committed, and
// the last writer to commit always leaves exact counters. Lock order: stats row, then issue rows; the
// membership triggers write open_issue_urls rows only, never tracked_urls. The stats lock also
// serializes all issue writes of a project, which makes the membership checks in detections.ts race-free.

/** Creates the project's stats row if missing and locks it until the transaction ends. */
export async function lockProjectStats(ctx: OrgCtx, projectId: string): Promise<void> {
  const tx = dbOf(ctx);
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO website_stats (id, organization_id, project_id, updated_at)
    VALUES (gen_random_uuid(), ${ctx.org.id}::uuid, ${projectId}::uuid, now())
    ON CONFLICT (project_id) DO NOTHING`);
  await tx.$queryRaw(Prisma.sql`SELECT 1 FROM website_stats WHERE project_id = ${projectId}::uuid FOR UPDATE`);
}

/**
 * openIssues = groups with status open. (urlsWithIssues, the distinct tracked URLs with an open
 * membership in an open group, is kept by the triggers of open_issue_urls in the same statements.)
 */
export async function refreshIssueCounters(ctx: Ctx, projectId: string): Promise<void> {
  const tx = dbOf(ctx);
  await tx.$executeRaw(Prisma.sql`
    UPDATE website_stats s SET open_issues = c.n, updated_at = now()
    FROM (SELECT count(*)::int AS n FROM issues WHERE project_id = ${projectId}::uuid AND status = 'open') c
    WHERE s.project_id = ${projectId}::uuid AND s.open_issues <> c.n`);
}
