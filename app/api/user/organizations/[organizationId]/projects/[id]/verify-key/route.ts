import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { verifyKey } from "@/lib/verification";

// POST …/projects/{id}/verify-key — fetch https://{domain}/{key}.txt now (409 CONFLICT without a key)
export const POST = route({ scopes: W, params: projectParams }, async ({ ctx, params }) => ok(await verifyKey(ctx, params.id)));
