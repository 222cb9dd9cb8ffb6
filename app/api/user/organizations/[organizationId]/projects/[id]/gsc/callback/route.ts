import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { W } from "@/lib/auth/scopes";
import { connectGsc } from "@/lib/connections";
import { gscCallbackBody } from "@/lib/connections/schemas";
import { projectParams } from "@/lib/projects/schemas";

// POST …/projects/{id}/gsc/callback — finish the console connection: state, code exchange, property check; ConnectionStatus
export const POST = route({ scopes: W, params: projectParams, body: gscCallbackBody }, async ({ ctx, params, body }) =>
  ok(await connectGsc(ctx, params.id, body)));
