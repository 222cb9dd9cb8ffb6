// MCP tool get_recent_changes: the project's site changes (open first) and recent deploys, through the same
// declarations as GET …/site-changes, GET …/deploys and GET …/robots-txt/versions (scopes, schemas).
import { z } from "zod";
import { projectParams } from "@/lib/projects/schemas";
import { listDeploys } from "@/lib/site-watch/deploys";
import { listSiteChanges } from "@/lib/site-watch/site-changes-read";
import { SITE_CHANGE_STATUSES } from "@/lib/site-watch/site-changes-schemas";
import { getDeploysOp, getSiteChangesOp } from "../../operations/site-changes";
import { getRobotsTxtVersionsOp } from "../../operations/site-watch";
import { listRobotsVersions } from "@/lib/site-watch/robots-versions";
import { callOperation, type McpCaller } from "../call-operation";
import type { ToolDef } from "../tool";

const input = z.object({
  projectId: projectParams.shape.id.describe("The project's id (from list_projects)"),
  status: z.enum(SITE_CHANGE_STATUSES).optional().describe("Only site changes in this state (`open`, `reverted`, `intended`); all by default, open first"),
  limit: z.number().int().min(1).max(50).optional().describe("Site changes and deploys to return (1-50, default 10)"),
});

export const getRecentChangesTool: ToolDef = {
  name: "get_recent_changes",
  title: "Recent site changes and deploys",
  description: "What changed on the site lately: site changes (the same field changing the same way on many URLs at once, e.g. canonicals now pointing to "
    + "the home page, noindex added, titles emptied, status now 404), open first, each with its sections, URL count, sample URLs, first sighting and the "
    + "deploy recorded just before it; the latest deploys; and the robots.txt versions seen (newest first, with lines added and removed). Costs nothing.",
  input,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (caller: McpCaller, args: Record<string, unknown>) => {
    const limit = typeof args.limit === "number" ? args.limit : 10;
    const ids = { id: args.projectId };
    const [changes, deploys, robots] = await Promise.all([
      callOperation(caller, getSiteChangesOp, { ids, query: { limit, ...(args.status ? { status: args.status } : {}) } },
        ({ ctx, params, query }) => listSiteChanges(ctx, params.id, query)),
      callOperation(caller, getDeploysOp, { ids, query: { limit } }, ({ ctx, params, query }) => listDeploys(ctx, params.id, query)),
      callOperation(caller, getRobotsTxtVersionsOp, { ids, query: { limit } }, ({ ctx, params, query }) => listRobotsVersions(ctx, params.id, query)),
    ]);
    return {
      siteChanges: changes.data, siteChangesTotal: changes.meta.total, deploys: deploys.data, deploysTotal: deploys.meta.total,
      robotsTxtVersions: robots.data, robotsTxtVersionsTotal: robots.meta.total,
    };
  },
};
