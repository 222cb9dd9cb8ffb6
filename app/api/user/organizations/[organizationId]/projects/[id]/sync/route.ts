import { route } from "@/lib/api/route";
import { postProjectSyncOp } from "@/lib/api/operations/sitemaps";
import { ok } from "@/lib/api/envelope";
import { syncProject } from "@/lib/sitemaps/sync";

// POST …/projects/{id}/sync — walk the sitemaps now: admit new on-host URLs (1 credit each), mark missing ones stale
// (429 SYNC_RATE_LIMITED within 15 minutes of the last sync start; 402 INSUFFICIENT_CREDITS admits nothing)
export const POST = route(postProjectSyncOp, async ({ ctx, params }) => ok(await syncProject(ctx, params.id)));
