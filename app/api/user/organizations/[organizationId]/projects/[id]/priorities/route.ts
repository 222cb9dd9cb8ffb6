import { route } from "@/lib/api/route";
import { getPrioritiesOp, putPrioritiesOp } from "@/lib/api/operations/priorities";
import { ok } from "@/lib/api/envelope";
import { getPriorities } from "@/lib/priorities/get-priorities";
import { setPriorities } from "@/lib/priorities/set-priorities";

// GET …/projects/{id}/priorities — the URL priority rules by path prefix
export const GET = route(getPrioritiesOp, async ({ ctx, params }) => ok(await getPriorities(ctx, params.id)));

// PUT …/projects/{id}/priorities — replace them; every URL's priority follows in the same transaction
export const PUT = route(putPrioritiesOp, async ({ ctx, params, body }) => ok(await setPriorities(ctx, params.id, body)));
