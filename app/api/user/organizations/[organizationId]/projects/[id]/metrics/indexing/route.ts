import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R } from "@/lib/auth/scopes";
import { indexingMetrics } from "@/lib/metrics/time-to-index";
import { indexingMetricsQuery } from "@/lib/metrics/schemas";
import { projectParams } from "@/lib/projects/schemas";

// GET …/projects/{id}/metrics/indexing?days=&groupBy=&depth= — time to index per engine and path prefix
export const GET = route({ scopes: R, params: projectParams, query: indexingMetricsQuery }, async ({ ctx, params, query }) =>
  ok(await indexingMetrics(ctx, params.id, query)));
