import { z } from "zod";
import { getCoverage } from "@/lib/coverage/get-coverage";
import { ISSUE_TYPE_NAMES, issueTitle } from "@/lib/issues/issue-types";
import { listIssues } from "@/lib/issues/list-issues";
import { getProject } from "@/lib/projects/get-project";
import { getStats } from "@/lib/stats/get-stats";
import { getProjectCoverageOp } from "../../operations/coverage";
import { getProjectIssuesOp } from "../../operations/issues";
import { getProjectOp } from "../../operations/projects";
import { getProjectStatsOp } from "../../operations/urls";
import { callOperation, type McpCaller } from "../call-operation";
import { type Args, type ToolDef, projectId, READ, pid, projectSummary } from "../tool";

const overviewInput = z.object({ projectId });

/** The overview (also the project summary resource): counters, Google and Bing coverage, the most severe open issues. */
export async function projectOverview(caller: McpCaller, args: Args) {
  const ids = pid(args);
  const [project, stats, coverage, issues] = await Promise.all([
    callOperation(caller, getProjectOp, { ids }, ({ ctx, params }) => getProject(ctx, params.id)),
    callOperation(caller, getProjectStatsOp, { ids }, ({ ctx, params }) => getStats(ctx, params.id)),
    callOperation(caller, getProjectCoverageOp, { ids }, ({ ctx, params }) => getCoverage(ctx, params.id)),
    callOperation(caller, getProjectIssuesOp, { ids, query: { status: "open", limit: 5 } }, ({ ctx, params, query }) => listIssues(ctx, params.id, query)),
  ]);
  const { id: _id, organizationId: _o, projectId: _p, createdAt: _c, updatedAt: _u, ...counters } = stats;
  return {
    project: projectSummary(project),
    counters,
    coverage: { google: coverage.engineA, bing: coverage.engineB, googleInspectionPlanToday: coverage.plan, googleProperties: coverage.properties },
    topOpenIssues: issues.data.map((i) => ({
      id: i.id, title: issueTitle(i.type), description: ISSUE_TYPE_NAMES[i.type].description, type: i.type, severity: i.severity, affectedUrlCount: i.affectedUrlCount, sampleUrls: i.sampleUrls,
    })),
    openIssueGroups: issues.meta.total,
  };
}

export const getProjectOverviewTool: ToolDef = {
  name: "get_project_overview", title: "Project overview",
  description: "One project at a glance: URL counters (total, healthy, broken, indexed, not indexed, stale, open issues), how fresh Google's and "
    + "Bing's verdicts are (coverage: verdicts observed in 7 and 30 days, unknown, by source), today's Google inspection plan and quota, and the "
    + "five most severe open issue groups.",
  input: overviewInput, annotations: READ,
  run: projectOverview,
};
