import { route } from "@/lib/api/route";
import { getProjectIssueUrlsOp } from "@/lib/api/operations/issues";
import { ok } from "@/lib/api/envelope";
import { listIssueUrls } from "@/lib/issues/list-issue-urls";

// GET …/projects/{id}/issues/{issueId}/urls — the group's URLs, currently affected first
export const GET = route(getProjectIssueUrlsOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listIssueUrls(ctx, params.id, params.issueId, query);
  return ok(data, { meta });
});
