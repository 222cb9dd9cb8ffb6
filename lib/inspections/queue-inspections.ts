import type { z } from "zod";
import { dbOf, Prisma, uuidArray, withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { selectionForAudit, selectUrls } from "@/lib/urls/select-urls";
import { QueueInspectionsResponse, type inspectionsBody } from "./schemas";

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

/**
 * "I fixed it, check again": queues tracked URLs of the project (ids, or everything the list's filters match) for the
 * scheduler at top priority, whether or not automation is on; each is charged 1 credit when it is inspected, in
 * the next run (every 5 minutes). Ids of other projects or organizations count as unknown; a URL already queued
 * keeps its place and is not charged twice. Refused with 402 when the organization's credits, less what its queue
 * already owes, cannot pay for every URL newly queued: nothing is queued then. One transaction with the
 * organization row locked (as the scheduler's claim locks it), so two requests cannot both spend the same credits;
 * one audit entry.
 */
export async function queueInspections({ ctx, projectId, input, now = new Date() }: { ctx: OrgCtx; projectId: string; input: z.infer<typeof inspectionsBody>; now?: Date }) {
  return withTransaction(ctx, async (c) => {
    const project = await getProjectOrThrow(c, projectId);
    const db = dbOf(c);
    const [org] = await db.$queryRaw<{ credit_balance: number }[]>(Prisma.sql`
      SELECT credit_balance FROM organizations WHERE id = ${project.organizationId}::uuid FOR UPDATE`);
    const { ids, unknown } = await selectUrls(c, project.id, input);
    // What the organization's queue already owes: queued URLs not yet claimed (a claim pays for its slot).
    const [owed] = await db.$queryRaw<{ owed: number; already: number }[]>(Prisma.sql`
      SELECT count(*) FILTER (WHERE NOT EXISTS (
               SELECT 1 FROM inspection_claims k WHERE k.tracked_url_id = r.tracked_url_id AND k.slot = r.requested_at)
             AND NOT (r.tracked_url_id = ANY(${uuidArray(ids)})))::int AS owed,
             count(*) FILTER (WHERE r.tracked_url_id = ANY(${uuidArray(ids)}))::int AS already
      FROM inspection_requests r WHERE r.organization_id = ${project.organizationId}::uuid`);
    const required = ids.length - owed.already;
    const available = Math.max(0, (org?.credit_balance ?? 0) - owed.owed);
    if (required > available) {
      throw new DomainError("INSUFFICIENT_CREDITS",
        `Checking ${plural(required, "URL")} again costs ${plural(required, "credit")}; ${available.toLocaleString("en-US")} ${available === 1 ? "is" : "are"} available`
        + (owed.owed ? ` (${plural(owed.owed, "credit")} of the balance ${owed.owed === 1 ? "goes" : "go"} to URLs already waiting)` : ""),
        { required, available });
    }
    const queued = ids.length === 0 ? 0 : await db.$executeRaw(Prisma.sql`
      INSERT INTO inspection_requests (tracked_url_id, organization_id, project_id, requested_at)
      SELECT id, ${project.organizationId}::uuid, ${project.id}::uuid, ${now} FROM unnest(${uuidArray(ids)}) AS id ORDER BY id
      ON CONFLICT (tracked_url_id) DO NOTHING`);
    const result = QueueInspectionsResponse.parse({ queued, alreadyQueued: ids.length - queued, unknown });
    await recordAudit({
      ...auditActor(c), action: "project.updated", target: { type: "project", id: project.id },
      metadata: { change: "urls.check_again", ...result, selection: selectionForAudit(input) },
    }, c);
    return result;
  });
}
