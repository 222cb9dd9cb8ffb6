import { route } from "@/lib/api/route";
import { getAuthApiKeyListOp } from "@/lib/api/operations/account";
import { ok } from "@/lib/api/envelope";
import { listApiKeys } from "@/lib/api-keys/manage-api-keys";

// GET /api/auth/api-key/list — the caller's keys, without secrets
export const GET = route(getAuthApiKeyListOp, async ({ ctx }) => ok(await listApiKeys(ctx)));
