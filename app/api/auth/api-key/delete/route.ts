import { route } from "@/lib/api/route";
import { postAuthApiKeyDeleteOp } from "@/lib/api/operations/account";
import { ok } from "@/lib/api/envelope";
import { deleteApiKey } from "@/lib/api-keys/manage-api-keys";

// POST /api/auth/api-key/delete — delete a key permanently
export const POST = route(postAuthApiKeyDeleteOp, async ({ ctx, body }) => ok(await deleteApiKey(ctx, body.id)));
