import { z } from "zod";
import { listIssues } from "@/lib/issues/list-issues";
import { listIssuesQuery } from "@/lib/issues/schemas";
import { getProjectIssuesOp } from "../../operations/issues";
import { callOperation } from "../call-operation";
import { type ToolDef, projectId, READ, pick, keysOf, pid } from "../tool";

const listIssuesInput = z.object({ projectId, ...listIssuesQuery.shape });

export const listIssuesTool: ToolDef = {
  name: "list_issues", title: "List issue groups",
  description: "The project's issue groups (one per type: broken links, server errors, redirects, robots.txt blocks, noindex, canonical "
    + "mismatches, crawled or discovered but not indexed by Google, dropped from the index, …), most severe first, with affected URL counts and samples.",
  input: listIssuesInput, annotations: READ,
  run: async (caller, args) => {
    const { data, meta } = await callOperation(caller, getProjectIssuesOp, { ids: pid(args), query: pick(args, keysOf(listIssuesQuery)) },
      ({ ctx, params, query }) => listIssues(ctx, params.id, query));
    return { issues: data, meta };
  },
};
