import { route } from "@/lib/api/route";
import { postAuthApiKeyUpdateOp } from "@/lib/api/operations/account";
import { ok } from "@/lib/api/envelope";
import { updateApiKey } from "@/lib/api-keys/manage-api-keys";

// POST /api/auth/api-key/update — rename, enable/disable, change scopes
export const POST = route(postAuthApiKeyUpdateOp, async ({ ctx, body }) => ok(await updateApiKey(ctx, body)));
