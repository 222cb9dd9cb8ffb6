import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { paginationQuery } from "@/lib/api/pagination";
import { R } from "@/lib/auth/scopes";
import { issueParams } from "@/lib/issues/schemas";
import { listIssueUrls } from "@/lib/issues/list-issue-urls";

// GET …/projects/{id}/issues/{issueId}/urls — the group's URLs, currently affected first
export const GET = route({ scopes: R, params: issueParams, query: paginationQuery }, async ({ ctx, params, query }) => {
  const { data, meta } = await listIssueUrls(ctx, params.id, params.issueId, query);
  return ok(data, { meta });
});
