import { route } from "@/lib/api/route";
import { getProjectIssueOp, patchProjectIssueOp } from "@/lib/api/operations/issues";
import { ok } from "@/lib/api/envelope";
import { getIssue } from "@/lib/issues/get-issue";
import { updateIssueStatus } from "@/lib/issues/update-issue-status";

// GET …/projects/{id}/issues/{issueId} — one issue group
export const GET = route(getProjectIssueOp, async ({ ctx, params }) => ok(await getIssue(ctx, params.id, params.issueId)));

// PATCH …/projects/{id}/issues/{issueId} — open, resolve (emits issue.resolved) or ignore (with a note) the group
export const PATCH = route(patchProjectIssueOp, async ({ ctx, params, body }) =>
  ok(await updateIssueStatus(ctx, params.id, params.issueId, body)));
