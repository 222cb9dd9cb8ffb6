import { route } from "@/lib/api/route";
import { deleteIngestTokenOp, postIngestTokenOp } from "@/lib/api/operations/crawl-logs";
import { created, ok } from "@/lib/api/envelope";
import { createIngestToken, revokeIngestToken } from "@/lib/crawl-logs/store/ingest-token";

// POST …/logs/ingest-token — a new push token, shown once (replaces the previous one)
export const POST = route(postIngestTokenOp, async ({ ctx, params }) => created(await createIngestToken(ctx, params.id)));

// DELETE …/logs/ingest-token — revoke the push token
export const DELETE = route(deleteIngestTokenOp, async ({ ctx, params }) => ok(await revokeIngestToken(ctx, params.id)));
