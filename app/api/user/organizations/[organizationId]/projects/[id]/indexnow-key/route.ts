import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { indexNowKeyBody } from "@/lib/verification/schemas";
import { setIndexNowKey } from "@/lib/verification";

// POST …/projects/{id}/indexnow-key — store the given key, or generate one when `key` is omitted or ""; clears indexNowKeyVerifiedAt
export const POST = route({ scopes: W, params: projectParams, body: indexNowKeyBody, optionalBody: true }, async ({ ctx, params, body }) =>
  ok(await setIndexNowKey(ctx, params.id, body)));
