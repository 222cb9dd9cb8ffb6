import { route } from "@/lib/api/route";
import { getProjectWatchOp } from "@/lib/api/operations/site-watch";
import { ok } from "@/lib/api/envelope";
import { getWatch } from "@/lib/site-watch/watch-summary";

// GET …/projects/{id}/watch — robots.txt, certificate, home page, sitemaps and sentinels as the site watch sees them
export const GET = route(getProjectWatchOp, async ({ ctx, params }) => ok(await getWatch(ctx, params.id)));
