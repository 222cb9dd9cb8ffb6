import { route } from "@/lib/api/route";
import { getProjectUrlIssuesOp } from "@/lib/api/operations/urls";
import { ok } from "@/lib/api/envelope";
import { listUrlIssues } from "@/lib/urls/list-url-issues";

// GET …/projects/{id}/urls/{urlId}/issues — the URL's open issue memberships, with their groups
export const GET = route(getProjectUrlIssuesOp, async ({ ctx, params }) => ok(await listUrlIssues(ctx, params.id, params.urlId)));
