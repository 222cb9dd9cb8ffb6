import { route } from "@/lib/api/route";
import { postIngestLogsOp } from "@/lib/api/operations/crawl-logs";
import { ok } from "@/lib/api/envelope";
import { bearerToken, uploadBodyOf } from "@/lib/api/request-input";
import { requestInfoFrom } from "@/lib/auth/request-info";
import { ingestLogBatch } from "@/lib/crawl-logs/store/ingest-log-batch";

// POST /api/ingest/logs — a batch of NDJSON log records pushed with a project's ingest token (counted once per batch)
export const POST = route(postIngestLogsOp, async ({ req }) => ok(await ingestLogBatch({
  token: bearerToken(req), ipAddress: requestInfoFrom(req.headers).ipAddress, idempotencyKey: req.headers.get("idempotency-key"), body: uploadBodyOf(req),
})));
