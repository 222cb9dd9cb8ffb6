import { db, Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { getSubmissionOrThrow } from "./get-submission";
import { SubmissionUrlResponse } from "./schemas";

type Row = { trackedUrlId: string; url: string; tracked: boolean; queued: boolean; lastSubmittedAt: Date | null; engineAState: string | null; engineBState: string | null };

/**
 * GET …/submissions/{submissionId}/urls: the batch's URLs (kept 90 days) in URL order, each with the batch's answer and
 * where it stands now: still tracked, waiting in the IndexNow queue, its last delivered batch, Google's and Bing's states.
 */
export async function listSubmissionUrls(ctx: OrgCtx, projectId: string, submissionId: string, page: Pagination) {
  const s = await getSubmissionOrThrow(ctx, projectId, submissionId);
  const total = await db.submissionUrl.count({ where: { submissionId: s.id } });
  const rows = page.offset >= total ? [] : await db.$queryRaw<Row[]>(Prisma.sql`
    SELECT d.tracked_url_id::text AS "trackedUrlId", d.url, t.id IS NOT NULL AS tracked,
           EXISTS (SELECT 1 FROM index_now_queue q WHERE q.tracked_url_id = d.tracked_url_id) AS queued,
           t.last_index_now_submitted_at AS "lastSubmittedAt", t.engine_a_state::text AS "engineAState", t.engine_b_state::text AS "engineBState"
    FROM submission_urls d
    LEFT JOIN tracked_urls t ON t.id = d.tracked_url_id AND t.project_id = ${s.projectId}::uuid
    WHERE d.submission_id = ${s.id}::uuid
    ORDER BY d.url, d.tracked_url_id
    OFFSET ${page.offset} LIMIT ${page.limit}`);
  const data = rows.map((r) => SubmissionUrlResponse.parse({ ...r, outcome: s.status, lastSubmittedAt: r.lastSubmittedAt?.toISOString() ?? null }));
  return { data, meta: pageMeta(total, page) };
}
