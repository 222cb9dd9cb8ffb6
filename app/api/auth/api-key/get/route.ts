import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { getApiKey } from "@/lib/api-keys/manage-api-keys";
import { apiKeyIdQuery } from "@/lib/api-keys/schemas";

// GET /api/auth/api-key/get?id= — one key, without its secret
export const GET = route({ scopes: ["api-keys:read"], query: apiKeyIdQuery }, async ({ ctx, query }) => ok(await getApiKey(ctx, query.id)));
