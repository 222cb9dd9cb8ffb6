import { route } from "@/lib/api/route";
import { getProjectIssuesOp } from "@/lib/api/operations/issues";
import { ok } from "@/lib/api/envelope";
import { listIssues } from "@/lib/issues/list-issues";

// GET …/projects/{id}/issues — issue groups, critical first, then by affected URLs
export const GET = route(getProjectIssuesOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listIssues(ctx, params.id, query);
  return ok(data, { meta });
});
