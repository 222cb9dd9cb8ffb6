import { db, Prisma } from "@/lib/db";
import { sendEvent } from "@/lib/events/send-event";
import { ELIGIBLE_PROJECT } from "./eligibility";

export type SubmissionTrigger = "urls_admitted" | "lastmod_changed" | "audit_changed" | "key_verified";

/**
 * Asks for the project's pending URLs to be submitted to IndexNow soon. Call it after the
 * transaction that admitted or changed URLs has committed (never inside it). `key_verified`
 * (call it from verify-key once the key is verified) also lifts a backoff left by earlier
 * failures, e.g. the 403s of a key that was not valid then.
 *
 * Never throws: a project that may not submit (no verified key, paused, deleted) is skipped, and a
 * lost event only delays the URLs until the periodic sweep (`indexnow-sweep`) finds them.
 */
export async function requestProjectSubmission(projectId: string, trigger: SubmissionTrigger): Promise<{ requested: boolean }> {
  try {
    if (trigger === "key_verified") {
      await db.$executeRaw(Prisma.sql`
        UPDATE index_now_states SET next_attempt_at = NULL, consecutive_failures = 0, updated_at = now() WHERE project_id = ${projectId}::uuid`);
    }
    const [project] = await db.$queryRaw<{ organization_id: string }[]>(Prisma.sql`
      SELECT p.organization_id::text AS organization_id FROM projects p WHERE p.id = ${projectId}::uuid AND ${ELIGIBLE_PROJECT}`);
    if (!project) return { requested: false };
    await sendEvent("indexnow/submission.requested", { organizationId: project.organization_id, projectId, trigger });
    return { requested: true };
  } catch (error) {
    console.error(`[indexnow] could not request a submission for project ${projectId}; the sweep will pick it up`, error);
    return { requested: false };
  }
}
