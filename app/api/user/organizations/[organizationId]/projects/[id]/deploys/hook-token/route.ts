import { route } from "@/lib/api/route";
import { deleteDeployHookTokenOp, postDeployHookTokenOp } from "@/lib/api/operations/site-changes";
import { created, ok } from "@/lib/api/envelope";
import { createDeployHookToken, revokeDeployHookToken } from "@/lib/site-watch/deploys";

// POST …/deploys/hook-token — a new deploy hook token, shown once (replaces the previous one)
export const POST = route(postDeployHookTokenOp, async ({ ctx, params }) => created(await createDeployHookToken(ctx, params.id)));

// DELETE …/deploys/hook-token — revoke it
export const DELETE = route(deleteDeployHookTokenOp, async ({ ctx, params }) => ok(await revokeDeployHookToken(ctx, params.id)));
