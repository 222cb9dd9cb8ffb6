import { route } from "@/lib/api/route";
import { getUrlChangesOp } from "@/lib/api/operations/site-changes";
import { ok } from "@/lib/api/envelope";
import { listUrlFieldChanges } from "@/lib/site-watch/field-history-read";

// GET …/urls/{urlId}/changes — the URL's field history, newest first
export const GET = route(getUrlChangesOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listUrlFieldChanges(ctx, params.id, params.urlId, query);
  return ok(data, { meta });
});
