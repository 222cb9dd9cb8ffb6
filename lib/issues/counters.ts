import { Prisma, type Tx } from "@/lib/db";

// WebsiteStats.openIssues and urlsWithIssues are recomputed, not incremented: every writer of issue
// groups or memberships first locks the project's stats row (lockProjectStats), then writes, then
// recomputes (refreshIssueCounters) in a later statement. Under READ COMMITTED each statement takes a
// fresh snapshot, so a writer that waited for the lock sees everything its predecessor committed, and
// the last writer to commit always leaves exact counters. Lock order: stats row, then issue rows; the
// membership triggers write open_issue_urls rows only, never tracked_urls. The stats lock also
// serializes all issue writes of a project, which makes the membership checks in detections.ts race-free.

/** Creates the project's stats row if missing and locks it until the transaction ends. */
export async function lockProjectStats(tx: Tx, p: { organizationId: string; projectId: string }): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO website_stats (id, organization_id, project_id, updated_at)
    VALUES (gen_random_uuid(), ${p.organizationId}::uuid, ${p.projectId}::uuid, now())
    ON CONFLICT (project_id) DO NOTHING`);
  await tx.$queryRaw(Prisma.sql`SELECT 1 FROM website_stats WHERE project_id = ${p.projectId}::uuid FOR UPDATE`);
}

/**
 * openIssues = groups with status open; urlsWithIssues = distinct tracked URLs with an open membership
 * in an open group, which is the project's rows of open_issue_urls (kept by triggers). With at most
 * one open group holding URLs that is the group's affectedUrlCount, so the count (an InitPlan, run
 * only when needed) is skipped.
 */
export async function refreshIssueCounters(tx: Tx, projectId: string): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    WITH g AS (SELECT id, affected_url_count FROM issues WHERE project_id = ${projectId}::uuid AND status = 'open'),
    c AS (
      SELECT count(*)::int AS open_issues,
        (CASE WHEN count(*) FILTER (WHERE affected_url_count > 0) <= 1 THEN coalesce(sum(affected_url_count), 0)
         ELSE (SELECT count(*) FROM open_issue_urls WHERE project_id = ${projectId}::uuid) END)::int AS urls
      FROM g
    )
    UPDATE website_stats s SET open_issues = c.open_issues, urls_with_issues = c.urls, updated_at = now()
    FROM c
    WHERE s.project_id = ${projectId}::uuid AND (s.open_issues <> c.open_issues OR s.urls_with_issues <> c.urls)`);
}
