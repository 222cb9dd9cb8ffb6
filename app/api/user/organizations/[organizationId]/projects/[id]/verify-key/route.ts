import { route } from "@/lib/api/route";
import { postProjectVerifyKeyOp } from "@/lib/api/operations/verification";
import { ok } from "@/lib/api/envelope";
import { verifyKey } from "@/lib/verification";

// POST …/projects/{id}/verify-key — fetch https://{domain}/{key}.txt now (409 CONFLICT without a key)
export const POST = route(postProjectVerifyKeyOp, async ({ ctx, params }) => ok(await verifyKey(ctx, params.id)));
