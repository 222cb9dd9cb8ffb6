import { route } from "@/lib/api/route";
import { getProjectCoverageOp } from "@/lib/api/operations/coverage";
import { ok } from "@/lib/api/envelope";
import { getCoverage } from "@/lib/coverage/get-coverage";

// GET …/projects/{id}/coverage — verdict freshness per engine, today's plan, quota use per property
export const GET = route(getProjectCoverageOp, async ({ ctx, params }) => ok(await getCoverage(ctx, params.id)));
