import { z } from "zod";
import { paginationQuery } from "@/lib/core/pagination";
import { getIssue } from "@/lib/issues/get-issue";
import { ISSUE_GUIDANCE } from "@/lib/issues/guidance";
import { ISSUE_TYPE_NAMES, issueTitle } from "@/lib/issues/issue-types";
import { listIssueUrls } from "@/lib/issues/list-issue-urls";
import { getProjectIssueOp, getProjectIssueUrlsOp } from "../../operations/issues";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, issueId, READ, pick, keysOf } from "../tool";

const issueUrlsInput = z.object({ projectId, issueId, ...paginationQuery.shape });

export const listIssueUrlsTool: ToolDef = {
  name: "list_issue_urls", title: "An issue's URLs",
  description: "One issue group and its URLs: currently affected ones first, then resolved ones, newest detection first, paginated.",
  input: issueUrlsInput, annotations: READ,
  run: async (caller, args) => {
    const ids = { id: args.projectId, issueId: args.issueId };
    const [issue, urls] = await Promise.all([
      callOperation(caller, getProjectIssueOp, { ids }, ({ ctx, params }) => getIssue(ctx, params.id, params.issueId)),
      callOperation(caller, getProjectIssueUrlsOp, { ids, query: pick(args, keysOf(paginationQuery)) },
        ({ ctx, params, query }) => listIssueUrls(ctx, params.id, params.issueId, query)),
    ]);
    return { issue: { ...issue, ...ISSUE_GUIDANCE[issue.type], title: issueTitle(issue.type), description: ISSUE_TYPE_NAMES[issue.type].description }, urls: urls.data, meta: urls.meta };
  },
};
