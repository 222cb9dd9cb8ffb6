// The MCP tools, in the order tools/list answers them: one file per tool (its declaration and its call of the verbs),
// each a thin call of the verbs its REST endpoints call, through the same declaration (lib/api/operations/*: scopes, zod
// schemas), so a tool can do exactly what the key may do over REST. A new tool: docs/architecture-layout.md.
import type { ToolDef } from "../tool";
import { listProjectsTool } from "./list-projects";
import { getProjectOverviewTool } from "./get-project-overview";
import { searchUrlsTool } from "./search-urls";
import { getUrlTool } from "./get-url";
import { getUrlHistoryTool } from "./get-url-history";
import { listIssuesTool } from "./list-issues";
import { listIssueUrlsTool } from "./list-issue-urls";
import { getTrendsTool } from "./get-trends";
import { testRobotsTxtTool } from "./test-robots-txt";
import { listRemovalsTool } from "./list-removals";
import { getRemovalTool } from "./get-removal";
import { declareRemovalTool } from "./declare-removal";
import { cancelRemovalTool } from "./cancel-removal";
import { getInspectionQueueTool } from "./get-inspection-queue";
import { checkAgainTool } from "./check-again";
import { inspectNowTool } from "./inspect-now";
import { getRecentChangesTool } from "./get-recent-changes";
import { renderUrlTool } from "./render-url";
import { whyNotIndexedTool } from "./why-not-indexed";

export const TOOLS: ToolDef[] = [
  listProjectsTool,
  getProjectOverviewTool,
  searchUrlsTool,
  getUrlTool,
  getUrlHistoryTool,
  listIssuesTool,
  listIssueUrlsTool,
  getTrendsTool,
  testRobotsTxtTool,
  listRemovalsTool,
  getRemovalTool,
  declareRemovalTool,
  cancelRemovalTool,
  getInspectionQueueTool,
  checkAgainTool,
  inspectNowTool,
  renderUrlTool,
  getRecentChangesTool,
  whyNotIndexedTool,
];

export const TOOL_BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));
