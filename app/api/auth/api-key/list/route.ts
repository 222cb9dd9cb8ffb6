import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { listApiKeys } from "@/lib/api-keys/manage-api-keys";

// GET /api/auth/api-key/list — the caller's keys, without secrets
export const GET = route({ scopes: ["api-keys:read"] }, async ({ ctx }) => ok(await listApiKeys(ctx)));
