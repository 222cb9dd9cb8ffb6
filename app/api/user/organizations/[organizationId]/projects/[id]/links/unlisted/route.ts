import { route } from "@/lib/api/route";
import { getUnlistedPagesOp } from "@/lib/api/operations/links";
import { ok } from "@/lib/api/envelope";
import { listUnlistedPages } from "@/lib/links/read-links";

// GET …/projects/{id}/links/unlisted — linked pages the project does not track
export const GET = route(getUnlistedPagesOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listUnlistedPages(ctx, params.id, query);
  return ok(data, { meta });
});
