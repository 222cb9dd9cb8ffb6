import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { listSubmissionsQuery } from "@/lib/indexnow/schemas";
import { listSubmissions } from "@/lib/indexnow/list-submissions";

// GET …/projects/{id}/submissions — the IndexNow batches sent for the project, newest first (created automatically only)
export const GET = route({ scopes: R, params: projectParams, query: listSubmissionsQuery }, async ({ ctx, params, query }) => {
  const { data, meta } = await listSubmissions(ctx, params.id, query);
  return ok(data, { meta });
});
