import type { Ctx, OrgCtx } from "@/lib/core/context";
import { Prisma, withTransaction, dbOf } from "@/lib/db";
import { clearProjectIssue, detectProjectIssue } from "@/lib/issues/detections";
import { backoffMs, outcomeOf } from "./outcome";
import type { PostResult } from "./post-batch";

export type SentUrl = { id: string; url: string; pendingAt: Date };
export type RecordedBatch = { submissionId: string; status: string; delivered: boolean; nextAttemptAt: Date | null };

/**
 * Records one answered (or failed) batch in one transaction: the Submission row (append-only) and its
 * per-URL detail, the backlog (see BatchOutcome.leavesBacklog), the project's backoff, and the
 * indexnow_key_invalid issue (raised on a 403 to the project's current key, resolved by a delivered
 * batch). A URL that changed while the batch was in flight (its pending_at moved) stays in the
 * backlog. The URLs' own IndexNow columns follow in settleSubmissions.
 */
export async function recordBatch(
  ctx: OrgCtx, projectId: string, key: string, keyLocation: string, urls: SentUrl[], result: PostResult, now: Date,
): Promise<RecordedBatch> {
  const outcome = outcomeOf(result.responseCode);
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    // A 403 to a key replaced while the batch was in flight says nothing about the current key.
    if (outcome.keyInvalid && (await isCurrentKey(ctx, projectId, key))) {
      await detectProjectIssue(ctx, projectId, "indexnow_key_invalid", { responseCode: result.responseCode, keyLocation }, now);
    } else if (outcome.delivered && (await hasOpenKeyIssue(ctx, projectId))) {
      await clearProjectIssue(ctx, projectId, "indexnow_key_invalid", now);
    }
    const submission = await tx.submission.create({
      data: {
        organizationId: ctx.org.id, projectId, engine: "indexnow", urlCount: urls.length,
        status: outcome.status, responseCode: result.responseCode, responseBody: result.responseBody,
        error: result.error ?? errorFor(result.responseCode, outcome.delivered), createdAt: now,
      },
      select: { id: true },
    });
    await writeDetailAndBacklog(ctx, submission.id, urls, outcome.leavesBacklog, now);
    const nextAttemptAt = await updateBackoff(ctx, projectId, outcome.delivered, result.retryAfterMs, now);
    return { submissionId: submission.id, status: outcome.status, delivered: outcome.delivered, nextAttemptAt };
  }, { timeout: 60_000, maxWait: 10_000 });
}

/**
 * One statement: the batch's detail rows and, when the URLs leave the backlog, their queue rows whose
 * pending_at is still the one sent. Queue rows another transaction holds (a sitemap sync moving their
 * lastmod) are skipped rather than waited for: they are changing, so they stay, and this never waits
 * on (or deadlocks with) a long admission. The lists go as three text parameters (URLs never contain
 * a newline once normalized): far cheaper to send and parse than arrays of 10,000 elements.
 */
async function writeDetailAndBacklog(ctx: Ctx, submissionId: string, urls: SentUrl[], leavesBacklog: boolean, now: Date) {
  const tx = dbOf(ctx);
  const backlog = leavesBacklog
    ? Prisma.sql`, held AS (
        SELECT q.tracked_url_id FROM index_now_queue q JOIN b ON q.tracked_url_id = b.id AND q.pending_at = b.pending_at
        ORDER BY q.tracked_url_id FOR UPDATE OF q SKIP LOCKED
      ), gone AS (DELETE FROM index_now_queue q USING held h WHERE q.tracked_url_id = h.tracked_url_id)`
    : Prisma.empty;
  await tx.$executeRaw(Prisma.sql`
    WITH b AS MATERIALIZED (
      SELECT * FROM unnest(
        string_to_array(${urls.map((u) => u.id).join(",")}, ',')::uuid[],
        string_to_array(${urls.map((u) => u.pendingAt.toISOString()).join(",")}, ',')::timestamptz[],
        string_to_array(${urls.map((u) => u.url.replaceAll("\n", "%0A")).join("\n")}, E'\\n')) AS b(id, pending_at, url)
    )${backlog}
    INSERT INTO submission_urls (submission_id, tracked_url_id, url, created_at)
    SELECT ${submissionId}::uuid, b.id, b.url, ${now} FROM b`);
}

/** A delivered batch ends the backoff; a failed one extends it (consecutive failures, Retry-After). */
async function updateBackoff(ctx: Ctx, projectId: string, delivered: boolean, retryAfterMs: number | null, now: Date): Promise<Date | null> {
  const tx = dbOf(ctx);
  if (delivered) {
    await tx.$executeRaw(Prisma.sql`
      UPDATE index_now_states SET consecutive_failures = 0, next_attempt_at = NULL, updated_at = ${now}
      WHERE project_id = ${projectId}::uuid AND (consecutive_failures <> 0 OR next_attempt_at IS NOT NULL)`);
    return null;
  }
  const [row] = await tx.$queryRaw<{ failures: number }[]>(Prisma.sql`
    UPDATE index_now_states SET consecutive_failures = consecutive_failures + 1, updated_at = ${now}
    WHERE project_id = ${projectId}::uuid RETURNING consecutive_failures AS failures`);
  const next = new Date(now.getTime() + backoffMs(row?.failures ?? 1, retryAfterMs));
  await tx.$executeRaw(Prisma.sql`UPDATE index_now_states SET next_attempt_at = ${next} WHERE project_id = ${projectId}::uuid`);
  return next;
}

async function isCurrentKey(ctx: Ctx, projectId: string, key: string): Promise<boolean> {
  const tx = dbOf(ctx);
  return (await tx.project.count({ where: { id: projectId, indexNowKey: key } })) > 0;
}

async function hasOpenKeyIssue(ctx: Ctx, projectId: string): Promise<boolean> {
  const tx = dbOf(ctx);
  return (await tx.issue.count({ where: { projectId, type: "indexnow_key_invalid", status: "open" } })) > 0;
}

const MESSAGES: Record<number, string> = {
  400: "IndexNow answered 400 Bad Request: the request was not in the expected format; these URLs are sent again when they change",
  403: "IndexNow answered 403 Forbidden: the key is not valid (the key file was not found or does not match); the URLs wait for a valid key",
  422: "IndexNow answered 422 Unprocessable Entity: URLs not on the host, or a key that does not match the protocol's schema; these URLs are sent again when they change",
  429: "IndexNow answered 429 Too Many Requests: the batch will be retried later",
};

function errorFor(code: number | null, delivered: boolean): string | null {
  if (delivered || code === null) return null;
  return MESSAGES[code] ?? `IndexNow answered HTTP ${code}; the batch will be retried later`;
}
