import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { updateApiKey } from "@/lib/api-keys/manage-api-keys";
import { updateApiKeyBody } from "@/lib/api-keys/schemas";

// POST /api/auth/api-key/update — rename, enable/disable, change scopes
export const POST = route({ scopes: ["api-keys:write"], body: updateApiKeyBody }, async ({ ctx, body }) => ok(await updateApiKey(ctx, body)));
