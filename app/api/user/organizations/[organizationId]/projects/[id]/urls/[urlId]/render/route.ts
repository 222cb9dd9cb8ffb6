import { route } from "@/lib/api/route";
import { getUrlRenderOp, postUrlRenderOp } from "@/lib/api/operations/rendering";
import { ok } from "@/lib/api/envelope";
import { getUrlRender, renderUrlNow } from "@/lib/rendering/on-demand";

// POST …/urls/{urlId}/render — render the URL now (credits, confirm: true)
export const POST = route(postUrlRenderOp, async ({ ctx, params, body }) =>
  ok(await renderUrlNow({ ctx, projectId: params.id, urlId: params.urlId, confirm: body?.confirm })));

// GET …/urls/{urlId}/render — the latest render
export const GET = route(getUrlRenderOp, async ({ ctx, params }) => ok(await getUrlRender(ctx, params.id, params.urlId)));
