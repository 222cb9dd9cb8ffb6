import { route } from "@/lib/api/route";
import { getAuthApiKeyGetOp } from "@/lib/api/operations/account";
import { ok } from "@/lib/api/envelope";
import { getApiKey } from "@/lib/api-keys/manage-api-keys";

// GET /api/auth/api-key/get?id= — one key, without its secret
export const GET = route(getAuthApiKeyGetOp, async ({ ctx, query }) => ok(await getApiKey(ctx, query.id)));
