import type { z } from "zod";
import { dbOf, Prisma, uuidArray, withTransaction, type IssueType } from "@/lib/db";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { lockProjectStats } from "@/lib/issues/counters";
import { recordUrlDetections } from "@/lib/issues/detections";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { UntrackUrlsResponse, type untrackUrlsBody } from "./schemas";
import { selectionForAudit, selectUrls } from "./select-urls";

/**
 * Stops tracking URLs of the project (ids, or everything the list's filters match): their rows go, and with them
 * their history, Search Analytics and crawl days, queue entries and issue memberships. Open memberships are first
 * resolved through the detections (so a group left with no URL resolves itself and says so, and the counters
 * follow); the live counters follow the delete through their triggers. URLs in an active removal are kept: the
 * removal follows them out of the index (cancel it first). One transaction under the project's stats lock (the
 * issue writers' lock order), one audit entry. Every URL removed is excluded (url_exclusions) in the same statement, so
 * no sitemap sync or import brings it back; admitting it by hand, or deleting the exclusion, does.
 */
export async function untrackUrls({ ctx, projectId, input, now = new Date() }: { ctx: OrgCtx; projectId: string; input: z.infer<typeof untrackUrlsBody>; now?: Date }) {
  return withTransaction(ctx, async (c) => {
    const project = await getProjectOrThrow(c, projectId);
    const db = dbOf(c);
    await lockProjectStats(c, project.id);
    const selected = await selectUrls(c, project.id, input);
    const kept = await db.$queryRaw<{ id: string }[]>(Prisma.sql`
      SELECT DISTINCT r.tracked_url_id::text AS id FROM removal_urls r
      WHERE r.active_tracked_url_id = ANY(${uuidArray(selected.ids)})`);
    const keptIds = new Set(kept.map((r) => r.id));
    const ids = selected.ids.filter((id) => !keptIds.has(id));

    const types = await db.$queryRaw<{ type: IssueType }[]>(Prisma.sql`
      SELECT DISTINCT i.type::text AS type FROM issue_url_memberships m JOIN issues i ON i.id = m.issue_id
      WHERE m.tracked_url_id = ANY(${uuidArray(ids)}) AND m.resolved_at IS NULL AND i.project_id = ${project.id}::uuid`);
    for (const { type } of types) await recordUrlDetections(c, project.id, type, { affected: [], cleared: ids }, {}, now);

    const [gone] = await db.$queryRaw<{ removed: number; in_sitemap: number; excluded: number }[]>(Prisma.sql`
      WITH d AS (
        DELETE FROM tracked_urls t WHERE t.project_id = ${project.id}::uuid AND t.id = ANY(${uuidArray(ids)})
        RETURNING t.url, (t.last_seen_in_sitemap_at IS NOT NULL AND t.stale_at IS NULL) AS in_sitemap),
      x AS (
        INSERT INTO url_exclusions (project_id, url, created_at, created_by_user_id)
        SELECT ${project.id}::uuid, d.url, ${now}, ${actorUserId(c)}::uuid FROM d ORDER BY d.url
        ON CONFLICT (project_id, url) DO NOTHING RETURNING 1)
      SELECT count(*)::int AS removed, count(*) FILTER (WHERE in_sitemap)::int AS in_sitemap, (SELECT count(*) FROM x)::int AS excluded FROM d`);
    const result = UntrackUrlsResponse.parse({
      removed: gone.removed, unknown: selected.unknown, keptInRemoval: keptIds.size, stillInSitemap: gone.in_sitemap, excluded: gone.excluded,
    });
    await recordAudit({
      ...auditActor(c), action: "project.updated", target: { type: "project", id: project.id },
      metadata: { change: "urls.untracked", ...result, selection: selectionForAudit(input) },
    }, c);
    return result;
  });
}
