import { route } from "@/lib/api/route";
import { getUntrackedSearchPagesOp } from "@/lib/api/operations/search-analytics";
import { ok } from "@/lib/api/envelope";
import { listUntrackedPages } from "@/lib/search-analytics/list-untracked-pages";

// GET …/projects/{id}/search-analytics/untracked — pages Google shows that the project does not track
export const GET = route(getUntrackedSearchPagesOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listUntrackedPages(ctx, params.id, query);
  return ok(data, { meta });
});
