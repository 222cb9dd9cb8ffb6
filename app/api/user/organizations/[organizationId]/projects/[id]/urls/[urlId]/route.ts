import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R } from "@/lib/auth/scopes";
import { urlParams } from "@/lib/urls/schemas";
import { getUrl } from "@/lib/urls/get-url";

// GET …/projects/{id}/urls/{urlId} — one tracked URL
export const GET = route({ scopes: R, params: urlParams }, async ({ ctx, params }) => ok(await getUrl(ctx, params.id, params.urlId)));
