import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R } from "@/lib/auth/scopes";
import { urlParams } from "@/lib/urls/schemas";
import { listUrlIssues } from "@/lib/issues/list-url-issues";

// GET …/projects/{id}/urls/{urlId}/issues — the URL's open issue memberships, with their groups
export const GET = route({ scopes: R, params: urlParams }, async ({ ctx, params }) => ok(await listUrlIssues(ctx, params.id, params.urlId)));
