import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { listIssuesQuery } from "@/lib/issues/schemas";
import { listIssues } from "@/lib/issues/list-issues";

// GET …/projects/{id}/issues — issue groups, critical first, then by affected URLs
export const GET = route({ scopes: R, params: projectParams, query: listIssuesQuery }, async ({ ctx, params, query }) => {
  const { data, meta } = await listIssues(ctx, params.id, query);
  return ok(data, { meta });
});
