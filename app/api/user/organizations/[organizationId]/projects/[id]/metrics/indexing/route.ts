import { route } from "@/lib/api/route";
import { getProjectMetricsIndexingOp } from "@/lib/api/operations/snapshots";
import { ok } from "@/lib/api/envelope";
import { indexingMetrics } from "@/lib/metrics/time-to-index";

// GET …/projects/{id}/metrics/indexing?days=&groupBy=&depth= — time to index per engine and path prefix
export const GET = route(getProjectMetricsIndexingOp, async ({ ctx, params, query }) =>
  ok(await indexingMetrics(ctx, params.id, query)));
