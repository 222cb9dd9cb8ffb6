import { route } from "@/lib/api/route";
import { postAuthApiKeyCreateOp } from "@/lib/api/operations/account";
import { created } from "@/lib/api/envelope";
import { createApiKey } from "@/lib/api-keys/create-api-key";

// POST /api/auth/api-key/create — create a key; the full key is in this answer only
export const POST = route(postAuthApiKeyCreateOp, async ({ ctx, body }) =>
  created(await createApiKey({ ctx, input: body })));
