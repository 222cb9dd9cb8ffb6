import { z } from "zod";

export const PORTFOLIO_SORTS = ["name", "trackedUrls", "healthyPct", "indexedPctEngineA", "indexedPctEngineB", "freshness", "openCritical", "lastSyncAt"] as const;
export type PortfolioSortField = (typeof PORTFOLIO_SORTS)[number];
export const PORTFOLIO_TREND_DAYS = 30;

const SORT_VALUES = PORTFOLIO_SORTS.flatMap((f) => [f, `${f}:asc`, `${f}:desc`] as const) as [string, ...string[]];
// An empty value (`?q=`) means no filter, as for the other lists.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export const portfolioQuery = z.object({
  sort: optional(z.enum(SORT_VALUES)).describe(
    "Order of the rows: a field, optionally `:asc` or `:desc` (default `name:asc`; the other fields default to `:desc`). "
    + "Rows without a value (a percentage of a project with no URLs, a project never synced) come last either way; ties by name, then id"),
  q: optional(z.string().trim().min(1).max(255)).describe("Only projects whose name or domain contains this text (case-insensitive)"),
});
export type PortfolioQuery = z.infer<typeof portfolioQuery>;

const count = z.number().int().min(0);
const pct = z.number().min(0).max(100).nullable();

export const CONNECTION_PROBLEMS = ["gsc_revoked", "engine_b_failing", "indexnow_key_failing"] as const;
export type ConnectionProblemKind = (typeof CONNECTION_PROBLEMS)[number];

export const PortfolioProject = z.object({
  id: z.uuid(),
  name: z.string(),
  domain: z.string(),
  status: z.enum(["active", "paused"]),
  trackedUrls: count.describe("Tracked URLs (live counter)"),
  healthyUrls: count,
  healthyPct: pct.describe("healthyUrls / trackedUrls × 100, one decimal; null without URLs"),
  indexed: z.object({
    engineA: z.object({ urls: count, pct }).describe("Google: URLs whose engineAState is `indexed`"),
    engineB: z.object({ urls: count, pct }).describe("Bing: URLs whose engineBState is `indexed`"),
  }),
  freshness: z.object({ fresh7d: count, pct }).describe("URLs whose Google verdict was observed in the last 7 days (as in …/coverage), and their share; counted at most 5 minutes ago"),
  openCriticalIssues: count.describe("Open issue groups of severity `critical`"),
  trend: z.array(z.object({ date: z.iso.date(), indexedUrls: count })).describe(
    "The daily snapshots of the last 30 UTC dates (and today's once taken), oldest first: URLs indexed by Google or Bing that day. A missing date is absent"),
  lastSitemapSyncAt: z.string().nullable().describe("Start of the last sitemap sync"),
  lastEngineSyncAt: z.string().nullable().describe("The last time Google or Bing verdicts were fetched for the project"),
  lastSyncAt: z.string().nullable().describe("The later of lastSitemapSyncAt and lastEngineSyncAt: when anything about the project was last refreshed"),
  connectionProblems: z.array(z.object({
    kind: z.enum(CONNECTION_PROBLEMS),
    since: z.string().nullable(),
    message: z.string(),
  })).describe("`gsc_revoked`: the Google Search Console grant was revoked; `engine_b_failing`: the last call with the Bing Webmaster Tools key failed; "
    + "`indexnow_key_failing`: IndexNow rejects the project's key (an open indexnow_key_invalid issue)"),
  connections: z.object({
    engineA: z.enum(["connected", "revoked", "not_connected"]).describe("Google Search Console"),
    engineB: z.enum(["connected", "failing", "not_connected"]).describe("Bing Webmaster Tools"),
    ownershipVerified: z.boolean().describe("Any one proof of ownership (DNS, IndexNow key file, Google or Bing connection)"),
  }).describe("Each engine's connection and the ownership proof: a project with neither engine connected has no problem listed, and says so here"),
});
export type PortfolioProject = z.infer<typeof PortfolioProject>;
