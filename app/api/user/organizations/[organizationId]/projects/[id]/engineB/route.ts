import { route } from "@/lib/api/route";
import { deleteProjectEngineBOp, postProjectEngineBOp } from "@/lib/api/operations/connections";
import { ok } from "@/lib/api/envelope";
import { connectEngineB, disconnectEngineB } from "@/lib/connections";

// POST …/projects/{id}/engineB — connect Bing Webmaster Tools with an API key (test call; the domain must be a verified site)
export const POST = route(postProjectEngineBOp, async ({ ctx, params, body }) =>
  ok(await connectEngineB(ctx, params.id, body)));

// DELETE …/projects/{id}/engineB — disconnect Bing Webmaster Tools (key and engineBConnectedAt cleared; idempotent)
export const DELETE = route(deleteProjectEngineBOp, async ({ ctx, params }) => ok(await disconnectEngineB(ctx, params.id)));
