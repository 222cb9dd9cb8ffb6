import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { deleteApiKey } from "@/lib/api-keys/manage-api-keys";
import { apiKeyIdBody } from "@/lib/api-keys/schemas";

// POST /api/auth/api-key/delete — delete a key permanently
export const POST = route({ scopes: ["api-keys:delete"], body: apiKeyIdBody }, async ({ ctx, body }) => ok(await deleteApiKey(ctx, body.id)));
