import { route } from "@/lib/api/route";
import { getSentinelsOp, putSentinelsOp } from "@/lib/api/operations/site-changes";
import { ok } from "@/lib/api/envelope";
import { getSentinels, putSentinels } from "@/lib/site-watch/sentinels";

// GET …/sentinels — the sentinel pages and their state
export const GET = route(getSentinelsOp, async ({ ctx, params }) => ok(await getSentinels(ctx, params.id)));

// PUT …/sentinels — {auto, urls}
export const PUT = route(putSentinelsOp, async ({ ctx, params, body }) => ok(await putSentinels(ctx, params.id, body)));
