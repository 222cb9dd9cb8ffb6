import { randomUUID } from "node:crypto";
import { db, Prisma } from "@/lib/db";
import { ELIGIBLE_PROJECT, HAS_BACKLOG, notLeasedNorBackingOff } from "./eligibility";
import { LEASE_MS } from "./limits";

export type ClaimResult =
  | { claimed: true; token: string }
  | { claimed: false; reason: "ineligible" | "busy" | "backoff"; nextAttemptAt: string | null };

/**
 * Takes the project's submission lease: one run at a time sends its batches, whatever the number of
 * events, processes or Inngest replays. Refused when the project may not submit (no verified key,
 * paused, deleted), while another run holds the lease, or during a backoff.
 */
export async function claimSubmissionLease(projectId: string, now = new Date()): Promise<ClaimResult> {
  const token = randomUUID();
  const until = new Date(now.getTime() + LEASE_MS);
  const rows = await db.$queryRaw<{ token: string }[]>(Prisma.sql`
    INSERT INTO index_now_states AS s (project_id, organization_id, lease_token, lease_until, updated_at)
    SELECT p.id, p.organization_id, ${token}::uuid, ${until}, ${now} FROM projects p WHERE p.id = ${projectId}::uuid AND ${ELIGIBLE_PROJECT}
    ON CONFLICT (project_id) DO UPDATE SET lease_token = EXCLUDED.lease_token, lease_until = EXCLUDED.lease_until, updated_at = EXCLUDED.updated_at
    WHERE ${notLeasedNorBackingOff(now)}
    RETURNING s.lease_token::text AS token`);
  if (rows[0]?.token === token) return { claimed: true, token };

  const [why] = await db.$queryRaw<{ eligible: boolean; lease_until: Date | null; next_attempt_at: Date | null }[]>(Prisma.sql`
    SELECT (${ELIGIBLE_PROJECT}) AS eligible, s.lease_until, s.next_attempt_at
    FROM projects p LEFT JOIN index_now_states s ON s.project_id = p.id WHERE p.id = ${projectId}::uuid`);
  const nextAttemptAt = why?.next_attempt_at && why.next_attempt_at > now ? why.next_attempt_at.toISOString() : null;
  if (!why?.eligible) return { claimed: false, reason: "ineligible", nextAttemptAt: null };
  return { claimed: false, reason: nextAttemptAt ? "backoff" : "busy", nextAttemptAt };
}

/** Extends the lease before a batch; false when it lapsed and another run took it. */
export async function renewSubmissionLease(projectId: string, token: string, now = new Date()): Promise<boolean> {
  const n = await db.$executeRaw(Prisma.sql`
    UPDATE index_now_states SET lease_until = ${new Date(now.getTime() + LEASE_MS)}, updated_at = ${now}
    WHERE project_id = ${projectId}::uuid AND lease_token = ${token}::uuid`);
  return n === 1;
}

/**
 * Gives the lease back, then tells whether URLs are due now (eligible project, no backoff, a
 * backlog). Checked after the release, so URLs admitted while this run held the
 * lease (whose own runs found it busy) are never left waiting for the sweep.
 */
export async function releaseSubmissionLease(projectId: string, token: string, now = new Date()): Promise<{ moreDue: boolean }> {
  await db.$executeRaw(Prisma.sql`
    UPDATE index_now_states SET lease_token = NULL, lease_until = NULL, updated_at = ${now}
    WHERE project_id = ${projectId}::uuid AND lease_token = ${token}::uuid`);
  return { moreDue: await hasDueSubmissions(projectId, now) };
}

export async function hasDueSubmissions(projectId: string, now = new Date()): Promise<boolean> {
  const [row] = await db.$queryRaw<{ due: boolean }[]>(Prisma.sql`
    SELECT EXISTS (
      SELECT 1 FROM projects p LEFT JOIN index_now_states s ON s.project_id = p.id
      WHERE p.id = ${projectId}::uuid AND ${ELIGIBLE_PROJECT} AND ${notLeasedNorBackingOff(now)} AND ${HAS_BACKLOG}
    ) AS due`);
  return row.due;
}
