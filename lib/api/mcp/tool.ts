// What every MCP tool is made of (each tool is one file in lib/api/mcp/tools/, listed in lib/api/mcp/tools/index.ts): its
// declaration's shape, the refusal of a call that spends credits without `confirm: true`, the ids an assistant passes, and the
// rows the tools share.
import { z } from "zod";
import { issueParams } from "@/lib/issues/schemas";
import { projectParams, type ProjectResponse } from "@/lib/projects/schemas";
import { removalParams } from "@/lib/removals/schemas";
import { urlParams, type TrackedUrlResponse } from "@/lib/urls/schemas";
import type { McpCaller } from "./call-operation";

export type ToolAnnotations = { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
export type Args = Record<string, unknown>;

export type ToolDef = {
  name: string;
  title: string;
  description: string;
  /** Listed as the tool's JSON Schema (zod's input form); the ids and fields come from the REST declarations' schemas. */
  input: z.ZodObject;
  annotations: ToolAnnotations;
  /** Credits or quota a call spends: the call refuses unless `confirm: true` (lib/api/mcp/server.ts). */
  cost?: string;
  run: (caller: McpCaller, args: Args) => Promise<Record<string, unknown>>;
};

/** A tool refused before the verb ran, for a reason of the tool itself (not a domain error). */
export class ToolRefusal extends Error {
  constructor(readonly code: "CONFIRMATION_REQUIRED", message: string, readonly meta?: Record<string, unknown>) {
    super(message);
  }
}

// The ids of the REST paths, under the names an assistant reads: the organization is always the key's own.
export const projectId = projectParams.shape.id.describe("The project's id (from list_projects)");
export const urlId = urlParams.shape.urlId.describe("A tracked URL's id (from search_urls)");
export const removalId = removalParams.shape.removalId.describe("A removal batch's id (from list_removals)");
export const issueId = issueParams.shape.issueId.describe("An issue group's id (from list_issues)");
export const confirm = z.boolean().optional()
  .describe("Must be true: this tool spends credits or quota (see its description); without it the call is refused and nothing is spent");

export const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
export const ENGINES = "Google is Google Search Console (fields named engineA…), Bing is Bing Webmaster Tools (fields named engineB…).";
export const PROGRESS = "Progress: get_inspection_queue shows how many URLs still wait in the queue; get_url shows each URL's latest audit (lastAuditAt) and history.";

export const pick = (args: Args, keys: readonly string[]): Args => Object.fromEntries(keys.filter((k) => args[k] !== undefined).map((k) => [k, args[k]]));
export const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape);
export const pid = (args: Args) => ({ id: args.projectId });
export const uid = (args: Args) => ({ id: args.projectId, urlId: args.urlId });

export function requireConfirm(tool: string, args: Args, cost: string) {
  if (args.confirm !== true) {
    throw new ToolRefusal("CONFIRMATION_REQUIRED", `${tool} spends credits or quota (${cost}). Ask the user, then call it again with confirm: true.`, { cost });
  }
}

/** The fields of a project an assistant needs (the whole record is on GET …/projects/{id}). */
export function projectSummary(p: ProjectResponse) {
  return {
    id: p.id, name: p.name, domain: p.domain, status: p.status, verified: p.verified, sitemapUrl: p.sitemapUrl,
    googleConnected: p.gscConnectedAt !== null, bingConnected: p.engineBConnectedAt !== null,
    automatedInspectionsEnabled: p.automatedInspectionsEnabled, inspectionCadence: p.inspectionCadence,
    lastSitemapSyncAt: p.lastSitemapSyncAt, lastEngineSyncAt: p.lastEngineSyncAt,
  };
}

/** One URL as a list row: what it is, our audit, each engine's verdict and where it came from. */
export function urlRow(u: TrackedUrlResponse) {
  return {
    id: u.id, url: u.url, priority: u.priority, source: u.source, staleAt: u.staleAt,
    healthState: u.healthState, httpStatus: u.httpStatus, redirectTarget: u.redirectTarget, indexability: u.indexability,
    canonicalUrl: u.canonicalUrl, lastAuditAt: u.lastAuditAt,
    engineAState: u.engineAState, engineAStateSource: u.engineAStateSource, engineAObservedAt: u.engineAObservedAt,
    engineBState: u.engineBState, engineBObservedAt: u.engineBObservedAt,
    clicks28d: u.clicks28d, impressions28d: u.impressions28d, lastGooglebotFetchAt: u.lastGooglebotFetchAt,
  };
}
