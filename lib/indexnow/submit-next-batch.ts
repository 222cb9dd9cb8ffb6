import { systemCtx } from "@/lib/core/context";
import { db, Prisma, withTransaction } from "@/lib/db";
import { ELIGIBLE_PROJECT } from "./eligibility";
import { keyFileUrl } from "./key-file-url";
import { renewSubmissionLease } from "./lease";
import { indexNowEndpoint, MAX_URLS_PER_BATCH } from "./limits";
import { postBatch } from "./post-batch";
import { recordBatch, type SentUrl } from "./record-batch";

/** Keyset position in the backlog (pending_at, tracked URL id); ISO string so it survives a step's JSON. */
export type PendingCursor = { pendingAt: string; id: string };

export type BatchReport =
  | { outcome: "empty" | "lease_lost" | "ineligible" }
  | {
    outcome: "delivered" | "failed"; submissionId: string; status: string; urlCount: number; responseCode: number | null;
    cursor: PendingCursor; nextAttemptAt: string | null;
  };

type Args = { projectId: string; leaseToken: string; after?: PendingCursor | null; now?: Date; endpoint?: string; batchSize?: number };

/**
 * Sends the project's next batch (at most 10,000 URLs of its backlog, oldest change first, one host:
 * the project's domain) to the IndexNow endpoint and records the answer. The caller holds the lease.
 * Only the page of URLs is in memory, whatever the size of the project or its backlog.
 */
export async function submitNextBatch({ projectId, leaseToken, after = null, now = new Date(), endpoint = indexNowEndpoint(), batchSize = MAX_URLS_PER_BATCH }: Args): Promise<BatchReport> {
  if (!(await renewSubmissionLease(projectId, leaseToken, now))) return { outcome: "lease_lost" };
  const [project] = await db.$queryRaw<{ id: string; organization_id: string; domain: string; key: string }[]>(Prisma.sql`
    SELECT p.id::text AS id, p.organization_id::text AS organization_id, p.domain, p.index_now_key AS key
    FROM projects p WHERE p.id = ${projectId}::uuid AND ${ELIGIBLE_PROJECT}`);
  if (!project) return { outcome: "ineligible" };

  const urls = await readPage(projectId, after, Math.min(Math.max(1, batchSize), MAX_URLS_PER_BATCH));
  if (!urls.length) return { outcome: "empty" };

  const keyLocation = keyFileUrl(project.domain, project.key);
  const result = await postBatch(endpoint, { host: project.domain, key: project.key, keyLocation, urlList: urls.map((u) => u.url) }, now);
  const recorded = await recordBatch(systemCtx("submit-next-batch", project.organization_id), projectId, project.key, keyLocation, urls, result, now);
  return {
    outcome: recorded.delivered ? "delivered" : "failed", submissionId: recorded.submissionId, status: recorded.status, urlCount: urls.length,
    responseCode: result.responseCode, cursor: lastOf(urls), nextAttemptAt: recorded.nextAttemptAt?.toISOString() ?? null,
  };
}

/**
 * The next page of the backlog in (pending_at, id) order, walked along its index: a backlog filled
 * by a bulk admission has no fresh statistics, and the planner would read and sort every queued URL
 * of the project for each page. Sort and bitmap scans are therefore off for this one transaction.
 */
async function readPage(projectId: string, after: PendingCursor | null, size: number): Promise<SentUrl[]> {
  return withTransaction(systemCtx("submit-next-batch"), async (ctx) => {
    const { tx } = ctx;
    await tx.$executeRawUnsafe("SET LOCAL enable_sort = off");
    await tx.$executeRawUnsafe("SET LOCAL enable_bitmapscan = off");
    return tx.$queryRaw<SentUrl[]>(Prisma.sql`
      SELECT q.tracked_url_id::text AS id, q.url, q.pending_at AS "pendingAt" FROM index_now_queue q
      WHERE q.project_id = ${projectId}::uuid
        ${after ? Prisma.sql`AND (q.pending_at, q.tracked_url_id) > (${new Date(after.pendingAt)}::timestamptz, ${after.id}::uuid)` : Prisma.empty}
      ORDER BY q.pending_at, q.tracked_url_id
      LIMIT ${size}`);
  });
}

/** The largest (pendingAt, id) of the page: where the next page starts. */
function lastOf(urls: SentUrl[]): PendingCursor {
  let last = urls[0];
  for (const u of urls) {
    const d = u.pendingAt.getTime() - last.pendingAt.getTime();
    if (d > 0 || (d === 0 && u.id > last.id)) last = u;
  }
  return { pendingAt: last.pendingAt.toISOString(), id: last.id };
}
