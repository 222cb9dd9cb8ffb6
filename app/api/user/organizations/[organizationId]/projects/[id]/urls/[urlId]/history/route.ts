import { route } from "@/lib/api/route";
import { getProjectUrlHistoryOp } from "@/lib/api/operations/inspections";
import { ok } from "@/lib/api/envelope";
import { listUrlHistory } from "@/lib/inspections/list-url-history";

// GET …/projects/{id}/urls/{urlId}/history — audit outcomes and engine observations, newest first
export const GET = route(getProjectUrlHistoryOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listUrlHistory(ctx, params.id, params.urlId, query);
  return ok(data, { meta });
});
