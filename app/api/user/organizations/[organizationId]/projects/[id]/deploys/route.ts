import { route } from "@/lib/api/route";
import { getDeploysOp, postDeployOp } from "@/lib/api/operations/site-changes";
import { created, ok } from "@/lib/api/envelope";
import { createDeploy, listDeploys } from "@/lib/site-watch/deploys";

// GET …/deploys — the project's deploys, newest first
export const GET = route(getDeploysOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listDeploys(ctx, params.id, query);
  return ok(data, { meta });
});

// POST …/deploys — record a deploy (runs the sentinels at once)
export const POST = route(postDeployOp, async ({ ctx, params, body }) => created(await createDeploy(ctx, params.id, body)));
