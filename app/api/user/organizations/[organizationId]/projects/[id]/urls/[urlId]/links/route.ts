import { route } from "@/lib/api/route";
import { getUrlLinksOp } from "@/lib/api/operations/links";
import { ok } from "@/lib/api/envelope";
import { getUrlLinks } from "@/lib/links/read-links";

// GET …/projects/{id}/urls/{urlId}/links — inlinks with sources and anchor text, outlinks, click depth, orphan
export const GET = route(getUrlLinksOp, async ({ ctx, params }) => ok(await getUrlLinks(ctx, params.id, params.urlId)));
