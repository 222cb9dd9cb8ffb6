import { route } from "@/lib/api/route";
import { postProjectGscCallbackOp } from "@/lib/api/operations/connections";
import { ok } from "@/lib/api/envelope";
import { connectGsc } from "@/lib/connections";

// POST …/projects/{id}/gsc/callback — finish the gsc connection: state, code exchange, property check; ConnectionStatus
export const POST = route(postProjectGscCallbackOp, async ({ ctx, params, body }) =>
  ok(await connectGsc(ctx, params.id, body)));
