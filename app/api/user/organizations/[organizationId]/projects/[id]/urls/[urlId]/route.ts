import { route } from "@/lib/api/route";
import { getProjectUrlOp } from "@/lib/api/operations/urls";
import { ok } from "@/lib/api/envelope";
import { getUrl } from "@/lib/urls/get-url";

// GET …/projects/{id}/urls/{urlId} — one tracked URL
export const GET = route(getProjectUrlOp, async ({ ctx, params }) => ok(await getUrl(ctx, params.id, params.urlId)));
