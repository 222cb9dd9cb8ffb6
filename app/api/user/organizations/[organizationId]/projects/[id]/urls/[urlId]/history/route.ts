import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R } from "@/lib/auth/scopes";
import { listUrlHistory } from "@/lib/inspections/list-url-history";
import { urlHistoryQuery } from "@/lib/inspections/schemas";
import { urlParams } from "@/lib/urls/schemas";

// GET …/projects/{id}/urls/{urlId}/history — audit outcomes and engine observations, newest first
export const GET = route({ scopes: R, params: urlParams, query: urlHistoryQuery }, async ({ ctx, params, query }) => {
  const { data, meta } = await listUrlHistory(ctx, params.id, params.urlId, query);
  return ok(data, { meta });
});
