import { route } from "@/lib/api/route";
import { getSiteChangeOp, patchSiteChangeOp } from "@/lib/api/operations/site-changes";
import { ok } from "@/lib/api/envelope";
import { getSiteChange, markSiteChangeIntended } from "@/lib/site-watch/site-changes-read";

// GET …/site-changes/{changeId} — one site change with its URLs
export const GET = route(getSiteChangeOp, async ({ ctx, params, query }) => ok(await getSiteChange(ctx, params.id, params.changeId, query)));

// PATCH …/site-changes/{changeId} — {status: "intended"}
export const PATCH = route(patchSiteChangeOp, async ({ ctx, params }) => ok(await markSiteChangeIntended(ctx, params.id, params.changeId)));
