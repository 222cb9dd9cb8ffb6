import { route } from "@/lib/api/route";
import { getSiteChangesOp } from "@/lib/api/operations/site-changes";
import { ok } from "@/lib/api/envelope";
import { listSiteChanges } from "@/lib/site-watch/site-changes-read";

// GET …/site-changes — the project's site changes, open first
export const GET = route(getSiteChangesOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listSiteChanges(ctx, params.id, query);
  return ok(data, { meta });
});
