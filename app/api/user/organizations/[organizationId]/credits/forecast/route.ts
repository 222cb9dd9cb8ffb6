import { route } from "@/lib/api/route";
import { getCreditForecastOp } from "@/lib/api/operations/credits";
import { ok } from "@/lib/api/envelope";
import { getCreditForecast } from "@/lib/credit-usage/get-forecast";

// GET …/organizations/{organizationId}/credits/forecast — the next cycle's and the next 30 days' cost of scheduled inspections
export const GET = route(getCreditForecastOp, async ({ ctx }) => ok(await getCreditForecast(ctx)));
