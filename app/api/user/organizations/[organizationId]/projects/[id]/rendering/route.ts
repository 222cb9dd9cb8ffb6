import { route } from "@/lib/api/route";
import { getRenderingOp, putRenderingOp } from "@/lib/api/operations/rendering";
import { ok } from "@/lib/api/envelope";
import { getRendering, putRendering } from "@/lib/rendering/overview";

// GET …/projects/{id}/rendering — renderer state, price, sample settings, differences, the AI view
export const GET = route(getRenderingOp, async ({ ctx, params }) => ok(await getRendering(ctx, params.id)));

// PUT …/projects/{id}/rendering — the weekly sample's settings
export const PUT = route(putRenderingOp, async ({ ctx, params, body }) => ok(await putRendering(ctx, params.id, body)));
