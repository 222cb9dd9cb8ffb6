import { route } from "@/lib/api/route";
import { getPortfolioOp } from "@/lib/api/operations/portfolio";
import { ok } from "@/lib/api/envelope";
import { getPortfolio } from "@/lib/portfolio/get-portfolio";

// GET …/organizations/{organizationId}/portfolio — every project with its counters, coverage and trend
export const GET = route(getPortfolioOp, async ({ ctx, query }) => ok(await getPortfolio(ctx, query)));
