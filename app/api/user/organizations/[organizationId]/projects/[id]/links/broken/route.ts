import { route } from "@/lib/api/route";
import { getBrokenLinksOp } from "@/lib/api/operations/links";
import { ok } from "@/lib/api/envelope";
import { listBrokenLinks } from "@/lib/links/read-links";

// GET …/projects/{id}/links/broken — internal link targets answering 4xx/5xx or redirecting, with their source pages
export const GET = route(getBrokenLinksOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listBrokenLinks(ctx, params.id, query);
  return ok(data, { meta });
});
