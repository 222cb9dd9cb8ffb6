import { route } from "@/lib/api/route";
import { getProjectSubmissionsOp } from "@/lib/api/operations/submissions";
import { ok } from "@/lib/api/envelope";
import { listSubmissions } from "@/lib/indexnow/list-submissions";

// GET …/projects/{id}/submissions — the IndexNow batches sent for the project, newest first (created automatically only)
export const GET = route(getProjectSubmissionsOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listSubmissions(ctx, params.id, query);
  return ok(data, { meta });
});
