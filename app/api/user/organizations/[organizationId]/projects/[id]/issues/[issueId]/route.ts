import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R, W } from "@/lib/auth/scopes";
import { issueParams, updateIssueBody } from "@/lib/issues/schemas";
import { getIssue } from "@/lib/issues/get-issue";
import { updateIssueStatus } from "@/lib/issues/update-issue-status";

// GET …/projects/{id}/issues/{issueId} — one issue group
export const GET = route({ scopes: R, params: issueParams }, async ({ ctx, params }) => ok(await getIssue(ctx, params.id, params.issueId)));

// PATCH …/projects/{id}/issues/{issueId} — open, resolve (emits issue.resolved) or ignore the group
export const PATCH = route({ scopes: W, params: issueParams, body: updateIssueBody }, async ({ ctx, params, body }) =>
  ok(await updateIssueStatus(ctx, params.id, params.issueId, body.status)));
