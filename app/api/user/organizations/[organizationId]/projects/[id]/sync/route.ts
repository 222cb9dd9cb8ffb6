import { route } from "@/lib/api/route";
import { getProjectSyncOp, postProjectSyncOp } from "@/lib/api/operations/sitemaps";
import { ok } from "@/lib/api/envelope";
import { syncProject } from "@/lib/sitemaps/sync";
import { getSyncProgress } from "@/lib/sitemaps/sync/sync-progress";

// GET …/projects/{id}/sync — the sync running now and how far it got (running: false when none)
export const GET = route(getProjectSyncOp, async ({ ctx, params }) => ok(await getSyncProgress(ctx, params.id)));

// POST …/projects/{id}/sync — walk the sitemaps now: admit new on-host URLs (1 credit each), mark missing ones stale
// (429 SYNC_RATE_LIMITED within 15 minutes of the last sync start; 402 INSUFFICIENT_CREDITS admits nothing)
export const POST = route(postProjectSyncOp, async ({ ctx, params }) => ok(await syncProject(ctx, params.id)));
