import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { getStats } from "@/lib/stats/get-stats";

// GET …/projects/{id}/stats — live counters (id null and zeros before the first URL)
export const GET = route({ scopes: R, params: projectParams }, async ({ ctx, params }) => ok(await getStats(ctx, params.id)));
