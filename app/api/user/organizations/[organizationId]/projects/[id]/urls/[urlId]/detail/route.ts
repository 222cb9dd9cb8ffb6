import { route } from "@/lib/api/route";
import { getProjectUrlDetailOp } from "@/lib/api/operations/urls";
import { ok } from "@/lib/api/envelope";
import { getUrlDetail } from "@/lib/url-detail/get-url-detail";

// GET …/projects/{id}/urls/{urlId}/detail — everything the URL panel shows, in one read
export const GET = route(getProjectUrlDetailOp, async ({ ctx, params }) => ok(await getUrlDetail(ctx, params.id, params.urlId)));
