import { route } from "@/lib/api/route";
import { getCreditUsageOp } from "@/lib/api/operations/credits";
import { ok } from "@/lib/api/envelope";
import { getCreditUsage } from "@/lib/credit-usage/get-usage";

// GET …/organizations/{organizationId}/credits/usage — credits added and spent over the last days, per kind, day and project
export const GET = route(getCreditUsageOp, async ({ ctx, query }) => ok(await getCreditUsage(ctx, query)));
