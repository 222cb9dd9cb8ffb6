import { route } from "@/lib/api/route";
import { getProjectStatsOp } from "@/lib/api/operations/urls";
import { ok } from "@/lib/api/envelope";
import { getStats } from "@/lib/stats/get-stats";

// GET …/projects/{id}/stats — live counters (id null and zeros before the first URL)
export const GET = route(getProjectStatsOp, async ({ ctx, params }) => ok(await getStats(ctx, params.id)));
