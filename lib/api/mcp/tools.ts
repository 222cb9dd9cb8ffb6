// The MCP tools: each one a thin call of the verbs its REST endpoints call, through the same declaration
// (lib/api/operations/*: scopes, zod schemas), so a tool can do exactly what the key may do over REST.
import { z } from "zod";
import { paginationQuery } from "@/lib/core/pagination";
import { getCoverage } from "@/lib/coverage/get-coverage";
import { getUrlGoogleCheck } from "@/lib/coverage/get-url-google-check";
import { getUrlCrawlActivity } from "@/lib/crawl-logs/get-url-crawl-activity";
import { inspectUrlNow } from "@/lib/inspections/inspect-url-now";
import { listUrlHistory } from "@/lib/inspections/list-url-history";
import { queueInspections } from "@/lib/inspections/queue-inspections";
import { inspectionsBody, urlHistoryQuery } from "@/lib/inspections/schemas";
import { getIssue } from "@/lib/issues/get-issue";
import { ISSUE_GUIDANCE } from "@/lib/issues/guidance";
import { ISSUE_TYPE_NAMES, issueTitle } from "@/lib/issues/issue-types";
import { listIssueUrls } from "@/lib/issues/list-issue-urls";
import { listIssues } from "@/lib/issues/list-issues";
import { issueParams, listIssuesQuery } from "@/lib/issues/schemas";
import { indexingMetricsQuery } from "@/lib/metrics/schemas";
import { indexingMetrics } from "@/lib/metrics/time-to-index";
import { getActivationPreview } from "@/lib/projects/get-activation-preview";
import { getProject } from "@/lib/projects/get-project";
import { listProjects } from "@/lib/projects/list-projects";
import { listProjectsQuery, projectParams, type ProjectResponse } from "@/lib/projects/schemas";
import { cancelRemoval } from "@/lib/removals/cancel-removal";
import { declareRemoval } from "@/lib/removals/declare-removal";
import { getRemoval, listRemovals, listRemovalUrls } from "@/lib/removals/read-removals";
import { CreateRemovalBody, listRemovalsQuery, listRemovalUrlsQuery, removalParams } from "@/lib/removals/schemas";
import { testRobotsBody } from "@/lib/robots/schemas";
import { testRobots } from "@/lib/robots/test-robots";
import { listSnapshots } from "@/lib/snapshots/list-snapshots";
import { snapshotsQuery } from "@/lib/snapshots/schemas";
import { getStats } from "@/lib/stats/get-stats";
import { getUrl } from "@/lib/urls/get-url";
import { listUrlIssues } from "@/lib/urls/list-url-issues";
import { listUrls } from "@/lib/urls/list-urls";
import { listUrlsQuery, urlParams, type TrackedUrlResponse } from "@/lib/urls/schemas";
import { getProjectCoverageOp, getUrlGoogleCheckOp } from "../operations/coverage";
import { getUrlCrawlActivityOp } from "../operations/crawl-logs";
import { getProjectUrlHistoryOp, postProjectInspectionsOp, postProjectUrlInspectOp } from "../operations/inspections";
import { getProjectIssueOp, getProjectIssuesOp, getProjectIssueUrlsOp } from "../operations/issues";
import { getProjectActivationPreviewOp, getProjectOp, getProjectsOp } from "../operations/projects";
import { deleteRemovalOp, getRemovalOp, getRemovalsOp, getRemovalUrlsOp, postRemovalsOp } from "../operations/removals";
import { postProjectRobotsTestOp } from "../operations/robots";
import { getProjectMetricsIndexingOp, getProjectSnapshotsOp } from "../operations/snapshots";
import { getProjectStatsOp, getProjectUrlIssuesOp, getProjectUrlOp, getProjectUrlsOp } from "../operations/urls";
import { callOperation, type McpCaller } from "./call-operation";
import { getRecentChangesTool } from "./tools/get-recent-changes";

export type ToolAnnotations = { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
type Args = Record<string, unknown>;

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
const projectId = projectParams.shape.id.describe("The project's id (from list_projects)");
const urlId = urlParams.shape.urlId.describe("A tracked URL's id (from search_urls)");
const removalId = removalParams.shape.removalId.describe("A removal batch's id (from list_removals)");
const issueId = issueParams.shape.issueId.describe("An issue group's id (from list_issues)");
const confirm = z.boolean().optional()
  .describe("Must be true: this tool spends credits or quota (see its description); without it the call is refused and nothing is spent");

const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const ENGINES = "Google is Google Search Console (fields named engineA…), Bing is Bing Webmaster Tools (fields named engineB…).";
const PROGRESS = "Progress: get_inspection_queue shows how many URLs still wait in the queue; get_url shows each URL's latest audit (lastAuditAt) and history.";

const pick = (args: Args, keys: readonly string[]): Args => Object.fromEntries(keys.filter((k) => args[k] !== undefined).map((k) => [k, args[k]]));
const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape);
const pid = (args: Args) => ({ id: args.projectId });
const uid = (args: Args) => ({ id: args.projectId, urlId: args.urlId });

function requireConfirm(tool: string, args: Args, cost: string) {
  if (args.confirm !== true) {
    throw new ToolRefusal("CONFIRMATION_REQUIRED", `${tool} spends credits or quota (${cost}). Ask the user, then call it again with confirm: true.`, { cost });
  }
}

/** The fields of a project an assistant needs (the whole record is on GET …/projects/{id}). */
function projectSummary(p: ProjectResponse) {
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

const listProjectsInput = z.object(listProjectsQuery.shape);
const overviewInput = z.object({ projectId });
const searchUrlsInput = z.object({ projectId, ...listUrlsQuery.shape });
const getUrlInput = z.object({ projectId, urlId });
const historyInput = z.object({ projectId, urlId, ...urlHistoryQuery.shape });
const listIssuesInput = z.object({ projectId, ...listIssuesQuery.shape });
const issueUrlsInput = z.object({ projectId, issueId, ...paginationQuery.shape });
const trendsInput = z.object({ projectId, ...indexingMetricsQuery.shape, ...snapshotsQuery.shape });
const robotsInput = z.object({ projectId, ...testRobotsBody.shape });
const checkAgainInput = z.object({ projectId, ...inspectionsBody.shape, confirm });
const inspectNowInput = z.object({ projectId, urlId, confirm });
const listRemovalsInput = z.object({ projectId, ...listRemovalsQuery.shape });
const removalUrlsQuery = listRemovalUrlsQuery.omit({ format: true });
const getRemovalInput = z.object({ projectId, removalId, ...removalUrlsQuery.shape });
const declareRemovalInput = z.object({ projectId, ...CreateRemovalBody.shape, confirm });
const cancelRemovalInput = z.object({ projectId, removalId });
const REMOVAL_COST = "no credits; while a URL is followed, up to one Google URL Inspection (the Search Console daily quota) and one Bing check a day, "
  + "and one IndexNow submission once our audit confirms the site serves the removal";
const REMOVAL_PROGRESS = "The hourly removals job audits each URL and asks Google and Bing: read the progress with get_removal (per URL) and list_removals.";

export const TOOLS: ToolDef[] = [
  {
    name: "list_projects", title: "List projects",
    description: "The projects (websites) of the API key's organization, newest first; `q` matches the name or the domain. Start here: the other tools take a projectId.",
    input: listProjectsInput, annotations: READ,
    run: async (caller, args) => {
      const { data, meta } = await callOperation(caller, getProjectsOp, { query: args }, ({ ctx, query }) => listProjects(ctx, query));
      return { projects: data.map(projectSummary), meta };
    },
  },
  {
    name: "get_project_overview", title: "Project overview",
    description: "One project at a glance: URL counters (total, healthy, broken, indexed, not indexed, stale, open issues), how fresh Google's and "
      + "Bing's verdicts are (coverage: verdicts observed in 7 and 30 days, unknown, by source), today's Google inspection plan and quota, and the "
      + "five most severe open issue groups.",
    input: overviewInput, annotations: READ,
    run: projectOverview,
  },
  {
    name: "search_urls", title: "Search and filter URLs",
    description: "The project's tracked URLs with the URL list's filters (health, indexability, Google state `engineAState`, Bing state "
      + "`engineBState`, source, open issues, stale, audit/engine disagreement, verdict age, not crawled by Googlebot), sort and pagination "
      + "(limit ≤ 100, `meta.total` exact). Not indexed by Google: engineAState crawled_not_indexed, discovered_not_indexed, excluded or blocked; "
      + "`disagreement: indexable_not_in_engine` finds indexable pages an engine does not index. Flags are the strings \"true\"/\"false\". " + ENGINES,
    input: searchUrlsInput, annotations: READ,
    run: async (caller, args) => {
      const { data, meta } = await callOperation(caller, getProjectUrlsOp, { ids: pid(args), query: pick(args, keysOf(listUrlsQuery)) },
        ({ ctx, params, query }) => listUrls(ctx, params.id, query));
      return { urls: data.map(urlRow), meta };
    },
  },
  {
    name: "get_url", title: "One URL: audit, Google and Bing, history",
    description: "Everything about one tracked URL: our latest audit (health, HTTP status, redirects, indexability, canonical, meta robots), "
      + "Google's state with its provenance (from a URL inspection or Search Analytics impressions, when observed, why and whether Google is "
      + "due to be asked again), Bing's state and when observed, its open issues, the 10 latest history entries (audits and engine answers, with "
      + "drop causes) and 30 days of verified crawler visits from server logs (empty without uploaded logs). " + ENGINES,
    input: getUrlInput, annotations: READ,
    run: async (caller, args) => {
      const ids = uid(args);
      const [url, issues, googleCheck, history, crawl] = await Promise.all([
        callOperation(caller, getProjectUrlOp, { ids }, ({ ctx, params }) => getUrl(ctx, params.id, params.urlId)),
        callOperation(caller, getProjectUrlIssuesOp, { ids }, ({ ctx, params }) => listUrlIssues(ctx, params.id, params.urlId)),
        callOperation(caller, getUrlGoogleCheckOp, { ids }, ({ ctx, params }) => getUrlGoogleCheck(ctx, params.id, params.urlId)),
        callOperation(caller, getProjectUrlHistoryOp, { ids, query: { limit: 10 } }, ({ ctx, params, query }) => listUrlHistory(ctx, params.id, params.urlId, query)),
        callOperation(caller, getUrlCrawlActivityOp, { ids, query: { days: 30 } }, ({ ctx, params, query }) => getUrlCrawlActivity(ctx, params.id, params.urlId, query.days)),
      ]);
      return {
        url,
        google: { state: url.engineAState, source: url.engineAStateSource, observedAt: url.engineAObservedAt, check: googleCheck },
        bing: { state: url.engineBState, observedAt: url.engineBObservedAt },
        openIssues: issues.map((m) => ({ ...m, title: issueTitle(m.issue.type), whyItMatters: ISSUE_GUIDANCE[m.issue.type]?.whyItMatters, howToFix: ISSUE_GUIDANCE[m.issue.type]?.howToFix })),
        history: { entries: history.data, meta: history.meta, more: "get_url_history pages through the rest" },
        crawlActivity30d: crawl,
      };
    },
  },
  {
    name: "get_url_history", title: "A URL's history",
    description: "A tracked URL's audits and Google (`kind: engineA`) and Bing (`kind: engineB`) answers, newest first, paginated; `kind` keeps one kind. "
      + "Engine entries hold the raw fields that decided the state and, for a drop from the index, `droppedFrom` and `dropCause`.",
    input: historyInput, annotations: READ,
    run: async (caller, args) => {
      const { data, meta } = await callOperation(caller, getProjectUrlHistoryOp, { ids: uid(args), query: pick(args, keysOf(urlHistoryQuery)) },
        ({ ctx, params, query }) => listUrlHistory(ctx, params.id, params.urlId, query));
      return { entries: data, meta };
    },
  },
  {
    name: "list_issues", title: "List issue groups",
    description: "The project's issue groups (one per type: broken links, server errors, redirects, robots.txt blocks, noindex, canonical "
      + "mismatches, crawled or discovered but not indexed by Google, dropped from the index, …), most severe first, with affected URL counts and samples.",
    input: listIssuesInput, annotations: READ,
    run: async (caller, args) => {
      const { data, meta } = await callOperation(caller, getProjectIssuesOp, { ids: pid(args), query: pick(args, keysOf(listIssuesQuery)) },
        ({ ctx, params, query }) => listIssues(ctx, params.id, query));
      return { issues: data, meta };
    },
  },
  {
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
  },
  {
    name: "get_trends", title: "Trends: daily snapshots and time to index",
    description: "Daily snapshots of the counters for the last `days` days (oldest first; a day the service missed is absent) and time to "
      + "index: for URLs first seen in the window, per engine (`any`, Google `engineA`, Bing `engineB`) how many are indexed, the median and "
      + "90th-percentile hours to first indexed, and the shares indexed within 7 and 30 days; `groupBy: pathPrefix` splits by directory. Beside it, "
      + "time to removal (`timeToIndex.timeToRemoval`): for URLs of removals dropped in the window, per engine the median and 90th-percentile hours from "
      + "declaration to drop, and how many URLs of removals are still followed or stuck.",
    input: trendsInput, annotations: READ,
    run: async (caller, args) => {
      const ids = pid(args);
      const [snapshots, timeToIndex] = await Promise.all([
        callOperation(caller, getProjectSnapshotsOp, { ids, query: pick(args, keysOf(snapshotsQuery)) }, ({ ctx, params, query }) => listSnapshots(ctx, params.id, query.days)),
        callOperation(caller, getProjectMetricsIndexingOp, { ids, query: pick(args, keysOf(indexingMetricsQuery)) },
          ({ ctx, params, query }) => indexingMetrics(ctx, params.id, query)),
      ]);
      return { snapshots, timeToIndex };
    },
  },
  {
    name: "test_robots_txt", title: "Test URLs against robots.txt",
    description: "Whether Googlebot (or `userAgent`: Bingbot, `*`, a full user-agent) may fetch each URL or `/path` under the live "
      + "robots.txt of the project's domain (fetched now, never stored) or under a draft given in `robotsTxt` (nothing is fetched), with the "
      + "deciding group and rule. Costs nothing.",
    input: robotsInput, annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async (caller, args) => callOperation(caller, postProjectRobotsTestOp, { ids: pid(args), body: pick(args, keysOf(testRobotsBody)) },
      ({ ctx, params, body }) => testRobots({ ctx, id: params.id, input: body })),
  },
  {
    name: "list_removals", title: "Removals: batches and their progress",
    description: "The project's removal batches (URLs declared as leaving the index: gone, redirected, noindexed or blocked), stuck ones first, with "
      + "per-state counts, each engine's progress (Google `engineA`, Bing `engineB`) and why stuck URLs are stuck; `meta.suggestions` lists URLs that "
      + "left the sitemap and now answer 404/410 or redirect (offered as removals, never declared by themselves).",
    input: listRemovalsInput, annotations: READ,
    run: async (caller, args) => {
      const { data, meta } = await callOperation(caller, getRemovalsOp, { ids: pid(args), query: pick(args, keysOf(listRemovalsQuery)) },
        ({ ctx, params, query }) => listRemovals(ctx, params.id, query));
      return { removals: data, meta };
    },
  },
  {
    name: "get_removal", title: "One removal and its URLs",
    description: "One removal batch with Google's and Bing's progress, and a page of its URLs (stuck first; `state` filters): what our audit sees and "
      + "each engine's last state, when it dropped the URL and after how many days.",
    input: getRemovalInput, annotations: READ,
    run: async (caller, args) => {
      const ids = { id: args.projectId, removalId: args.removalId };
      const [removal, urls] = await Promise.all([
        callOperation(caller, getRemovalOp, { ids }, ({ ctx, params }) => getRemoval(ctx, params.id, params.removalId)),
        callOperation(caller, getRemovalUrlsOp, { ids, query: pick(args, keysOf(removalUrlsQuery)) },
          ({ ctx, params, query }) => listRemovalUrls(ctx, params.id, params.removalId, query)),
      ]);
      return { removal, urls: urls.data, meta: urls.meta };
    },
  },
  {
    name: "declare_removal", title: "Declare a removal (URLs that should leave the index)",
    description: "SPENDS QUOTA, no credits. Declares tracked URLs of the project as leaving Google's and Bing's index, with one intent: gone (the pages "
      + "answer 404/410), redirected (permanently, to `redirectTarget` or each URL's own), noindexed or blocked (robots.txt; a blocked page can stay "
      + "indexed). Give `urlIds` (from search_urls), `urls`, or `filter` (search_urls' filters: every matching URL, at most 10,000). From then on our "
      + "audit checks each URL, Google and Bing are asked about it (within the Search Console URL Inspection quota, at most once a day per URL) and, once "
      + "the site confirms, the URL is submitted to IndexNow like a changed page: this changes what IndexWatch tells the search engines. Returns at once "
      + "with the batch and its warnings; nothing waits for the engines. Refused unless called with `confirm: true` after the user agreed. "
      + "A URL already in an active removal is a CONFLICT (with `filter`: left out). cancel_removal undoes it. " + REMOVAL_PROGRESS,
    input: declareRemovalInput, cost: REMOVAL_COST,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async (caller, args) => {
      const removal = await callOperation(caller, postRemovalsOp, { ids: pid(args), body: pick(args, keysOf(CreateRemovalBody)) }, async ({ ctx, params, body }) => {
        requireConfirm("declare_removal", args, REMOVAL_COST);
        return declareRemoval(ctx, params.id, body);
      });
      return { removal, cost: { credits: 0, quota: REMOVAL_COST }, progress: REMOVAL_PROGRESS };
    },
  },
  {
    name: "cancel_removal", title: "Cancel a removal",
    description: "Cancels a removal batch: its URLs not yet removed are no longer followed (nor asked about, nor submitted to IndexNow) and are free "
      + "for another removal, its stuck issue resolves, and its public removal sitemap stops answering. Cannot be undone (declare again instead); URLs "
      + "already removed stay removed. Cancelling a batch that is no longer active changes nothing. Costs nothing.",
    input: cancelRemovalInput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    run: async (caller, args) => {
      const ids = { id: args.projectId, removalId: args.removalId };
      return { removal: await callOperation(caller, deleteRemovalOp, { ids }, ({ ctx, params }) => cancelRemoval(ctx, params.id, params.removalId)) };
    },
  },
  {
    name: "get_inspection_queue", title: "Inspection queue and credits",
    description: "How inspections of the project stand: URLs waiting in the \"check again\" queue, URLs due, the next scheduled inspection, "
      + "URLs audited this cycle, the organization's credit balance and whether automation waits for credits. Read progress here after check_again.",
    input: overviewInput, annotations: READ,
    run: async (caller, args) => callOperation(caller, getProjectActivationPreviewOp, { ids: pid(args) }, ({ ctx, params }) => getActivationPreview(ctx, params.id)),
  },
  {
    name: "check_again", title: "Check again (queue URLs for inspection)",
    description: "COSTS CREDITS: 1 credit per URL, charged when the scheduler inspects it. Queues up to 1000 tracked URLs (`urlIds` from "
      + "search_urls), or every URL a search_urls filter matches (`filter` with `expectedCount`, its total; at most 10,000), to be inspected "
      + "first by the scheduler (every 5 minutes): our audit, then Google and Bing are asked again within their quotas. Refused (402) when the "
      + "organization's credits cannot pay for them. Returns at once with what was queued; nothing waits for the inspections. Refused unless "
      + "called with `confirm: true` after the user agreed to the cost. " + PROGRESS,
    input: checkAgainInput, cost: "1 credit per queued URL, charged when it is inspected",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    run: async (caller, args) => {
      const result = await callOperation(caller, postProjectInspectionsOp, { ids: pid(args), body: pick(args, keysOf(inspectionsBody)) }, async ({ ctx, params, body }) => {
        requireConfirm("check_again", args, "1 credit per queued URL, charged when it is inspected");
        return queueInspections({ ctx, projectId: params.id, input: body });
      });
      return {
        ...result,
        cost: { creditsPerUrl: 1, atMostCredits: result.queued, charged: "when each queued URL is inspected" },
        progress: PROGRESS,
      };
    },
  },
  {
    name: "inspect_now", title: "Inspect one URL now",
    description: "COSTS 1 CREDIT. Audits one tracked URL now (robots.txt, then the page through our crawler: status, redirects, meta robots, "
      + "canonical, WAF challenges) and answers the updated URL. Refused unless called with `confirm: true` after the user agreed to the cost; "
      + "INSUFFICIENT_CREDITS without a credit, RATE_LIMITED while 10 inspections of the project run. For many URLs use check_again.",
    input: inspectNowInput, cost: "1 credit",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async (caller, args) => {
      const url = await callOperation(caller, postProjectUrlInspectOp, { ids: uid(args) }, async ({ ctx, params }) => {
        requireConfirm("inspect_now", args, "1 credit");
        return inspectUrlNow({ ctx, projectId: params.id, urlId: params.urlId });
      });
      return { url: urlRow(url), cost: { credits: 1 }, details: "get_url shows the audit's details (every redirect hop, the robots.txt rule) in its history" };
    },
  },
  getRecentChangesTool,
];

export const TOOL_BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));
