import { systemCtx } from "@/lib/core/context";
import { Prisma, withTransaction } from "@/lib/db";

/** The project (alias s = index_now_states) has submissions after its settled watermark. */
export const UNSETTLED = Prisma.sql`EXISTS (
  SELECT 1 FROM submissions b WHERE b.project_id = s.project_id
    AND (s.settled_created_at IS NULL OR (b.created_at, b.id) > (s.settled_created_at, s.settled_id)))`;

const SETTLE_LOCK_TIMEOUT_MS = 500;

export type SettleResult = { settled: boolean; submissionId: string | null; urls: number };

/**
 * Applies the project's oldest unsettled submission to its tracked URLs: indexNowAttempts + 1 for each
 * URL of the batch, lastIndexNowSubmittedAt = the batch time when it was delivered (accepted or
 * submitted). Kept out of the submission path: updating 10,000 rows of the heavily indexed
 * tracked_urls costs several times the batch itself. Exactly once per submission: the project's
 * state row is locked and its (createdAt, id) watermark moves in the same transaction.
 */
export async function settleNextSubmission(projectId: string, now = new Date()): Promise<SettleResult> {
  return withTransaction(systemCtx("settle-submissions"), async (ctx) => {
    const { tx } = ctx;
    const [state] = await tx.$queryRaw<{ at: Date | null; id: string | null }[]>(Prisma.sql`
      SELECT settled_created_at AS at, settled_id::text AS id FROM index_now_states WHERE project_id = ${projectId}::uuid FOR UPDATE`);
    if (!state) return { settled: false, submissionId: null, urls: 0 };
    const [next] = await tx.$queryRaw<{ id: string; created_at: Date; delivered: boolean }[]>(Prisma.sql`
      SELECT b.id::text AS id, b.created_at, b.status IN ('accepted', 'submitted') AS delivered FROM submissions b
      WHERE b.project_id = ${projectId}::uuid
        ${state.at ? Prisma.sql`AND (b.created_at, b.id) > (${state.at}::timestamptz, ${state.id}::uuid)` : Prisma.empty}
      ORDER BY b.created_at, b.id LIMIT 1`);
    if (!next) return { settled: false, submissionId: null, urls: 0 };
    // A row held by another writer (a long sitemap sync) fails this step within SETTLE_LOCK_TIMEOUT, to
    // be retried, instead of queueing behind it; being shorter than PostgreSQL's deadlock_timeout (1 s),
    // it also makes this step, never the other writer, the one to give up in a deadlock.
    await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${SETTLE_LOCK_TIMEOUT_MS}ms'`);
    const urls = await tx.$executeRaw(Prisma.sql`
      UPDATE tracked_urls t SET
        index_now_attempts = t.index_now_attempts + 1,
        last_index_now_submitted_at = CASE WHEN ${next.delivered}
          THEN GREATEST(t.last_index_now_submitted_at, ${next.created_at}::timestamptz) ELSE t.last_index_now_submitted_at END,
        updated_at = ${now}
      FROM submission_urls d
      WHERE d.submission_id = ${next.id}::uuid AND t.id = d.tracked_url_id AND t.project_id = ${projectId}::uuid`);
    await tx.$executeRaw(Prisma.sql`
      UPDATE index_now_states SET settled_created_at = ${next.created_at}, settled_id = ${next.id}::uuid, updated_at = ${now}
      WHERE project_id = ${projectId}::uuid`);
    return { settled: true, submissionId: next.id, urls };
  }, { timeout: 60_000, maxWait: 10_000 });
}

/** Settles every pending submission of the project, one transaction each (tests, CLI; the function does it step by step). */
export async function settleSubmissions(projectId: string): Promise<{ submissions: number; urls: number }> {
  let submissions = 0, urls = 0;
  for (;;) {
    const r = await settleNextSubmission(projectId);
    if (!r.settled) return { submissions, urls };
    submissions++;
    urls += r.urls;
  }
}
