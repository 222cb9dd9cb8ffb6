import { route } from "@/lib/api/route";
import { getUrlRemovalsOp } from "@/lib/api/operations/removals";
import { ok } from "@/lib/api/envelope";
import { listUrlRemovals } from "@/lib/removals/read-removals";

// GET …/urls/{urlId}/removals — the URL's removal timeline
export const GET = route(getUrlRemovalsOp, async ({ ctx, params }) => ok(await listUrlRemovals(ctx, params.id, params.urlId)));
