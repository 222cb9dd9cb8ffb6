import type { z } from "zod";
import { db, Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { QueueInspectionsResponse, type inspectionsBody } from "./schemas";

/**
 * "I fixed it, check again": queues tracked URLs of the project for the scheduler at top priority,
 * whether or not automation is on; each is charged when it is inspected. Ids of other projects or
 * organizations count as unknown. A URL already queued keeps its place.
 */
export async function queueInspections({ ctx, projectId, input, now = new Date() }: { ctx: OrgCtx; projectId: string; input: z.infer<typeof inspectionsBody>; now?: Date }) {
  const project = await getProjectOrThrow(ctx, projectId);
  const ids = [...new Set(input.urlIds)];
  const [row] = await db.$queryRaw<{ known: number; queued: number }[]>(Prisma.sql`
    WITH known AS (
      SELECT t.id FROM tracked_urls t
      WHERE t.project_id = ${project.id}::uuid AND t.id = ANY(string_to_array(${ids.join(",")}, ',')::uuid[])
    ), ins AS (
      INSERT INTO inspection_requests (tracked_url_id, organization_id, project_id, requested_at)
      SELECT id, ${project.organizationId}::uuid, ${project.id}::uuid, ${now} FROM known ORDER BY id
      ON CONFLICT (tracked_url_id) DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM known)::int AS known, (SELECT count(*) FROM ins)::int AS queued`);
  return QueueInspectionsResponse.parse({ queued: row.queued, alreadyQueued: row.known - row.queued, unknown: ids.length - row.known });
}
