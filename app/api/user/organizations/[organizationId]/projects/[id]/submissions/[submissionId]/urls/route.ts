import { route } from "@/lib/api/route";
import { getProjectSubmissionUrlsOp } from "@/lib/api/operations/submissions";
import { ok } from "@/lib/api/envelope";
import { listSubmissionUrls } from "@/lib/indexnow/list-submission-urls";

// GET …/projects/{id}/submissions/{submissionId}/urls — the batch's URLs with its answer and where each stands now
export const GET = route(getProjectSubmissionUrlsOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listSubmissionUrls(ctx, params.id, params.submissionId, query);
  return ok(data, { meta });
});
