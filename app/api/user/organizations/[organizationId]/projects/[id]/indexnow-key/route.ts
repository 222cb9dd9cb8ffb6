import { route } from "@/lib/api/route";
import { postProjectIndexnowKeyOp } from "@/lib/api/operations/verification";
import { ok } from "@/lib/api/envelope";
import { setIndexNowKey } from "@/lib/verification";

// POST …/projects/{id}/indexnow-key — store the given key, or generate one when `key` is omitted or ""; clears indexNowKeyVerifiedAt
export const POST = route(postProjectIndexnowKeyOp, async ({ ctx, params, body }) =>
  ok(await setIndexNowKey(ctx, params.id, body)));
