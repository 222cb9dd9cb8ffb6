import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { W } from "@/lib/auth/scopes";
import { connectEngineB, disconnectEngineB } from "@/lib/connections";
import { engineBConnectBody } from "@/lib/connections/schemas";
import { projectParams } from "@/lib/projects/schemas";

// POST …/projects/{id}/engineB — connect the second engine with an API key (test call; the domain must be a verified site)
export const POST = route({ scopes: W, params: projectParams, body: engineBConnectBody }, async ({ ctx, params, body }) =>
  ok(await connectEngineB(ctx, params.id, body)));

// DELETE …/projects/{id}/engineB — disconnect the second engine (key and engineBConnectedAt cleared; idempotent)
export const DELETE = route({ scopes: W, params: projectParams }, async ({ ctx, params }) => ok(await disconnectEngineB(ctx, params.id)));
