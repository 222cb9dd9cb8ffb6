import { route } from "@/lib/api/route";
import { getProjectSubmissionOp } from "@/lib/api/operations/submissions";
import { ok } from "@/lib/api/envelope";
import { getSubmission } from "@/lib/indexnow/get-submission";

// GET …/projects/{id}/submissions/{submissionId} — one IndexNow batch, with how long its URLs are kept
export const GET = route(getProjectSubmissionOp, async ({ ctx, params }) => ok(await getSubmission(ctx, params.id, params.submissionId)));
