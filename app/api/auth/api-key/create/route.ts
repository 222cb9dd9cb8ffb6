import { route } from "@/lib/api/route";
import { created } from "@/lib/api/envelope";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { createApiKeyBody } from "@/lib/api-keys/schemas";

// POST /api/auth/api-key/create — create a key; the full key is in this answer only
export const POST = route({ scopes: ["api-keys:write"], body: createApiKeyBody }, async ({ ctx, body }) =>
  created(await createApiKey({ ctx, input: body })));
