import { z } from "zod";
import { uuidParam } from "@/lib/core/params";
import { paginationQuery } from "@/lib/core/pagination";
import { projectParams } from "@/lib/projects/schemas";

const ts = z.string().nullable();

export const robotsVersionParams = projectParams.extend({ versionId: uuidParam });
export const listRobotsVersionsQuery = paginationQuery;

export const RobotsTxtVersionSummary = z.object({
  id: z.uuid(),
  firstSeenAt: z.string().describe("When a fetch first got this content"),
  lastSeenAt: z.string().describe("When a fetch (or a 304) last got it"),
  httpStatus: z.number().int().describe("2xx: a file; 4xx (or 3xx when redirects never ended): no file, everything allowed"),
  bytes: z.number().int().describe("Bytes kept: at most 512,000 (Google reads the first 500 KiB)"),
  truncated: z.boolean().describe("The file was longer than 500 KiB; the rest was never read"),
  sha256: z.string().describe("Hex SHA-256 of the bytes kept: versions are deduplicated by status and this hash"),
  encoding: z.enum(["utf-8", "utf-8-bom", "utf-16le", "utf-16be", "binary"]).describe("How the bytes are shown as text (rules are always read as UTF-8, as Google does)"),
  finalUrl: z.string().describe("The address that answered, after redirects (up to 5, to any host)"),
  current: z.boolean().describe("The version the watch holds as current now"),
  becameCurrentAt: ts.describe("When it last became current (seen on 2 fetches in a row); null while it never has"),
  linesAdded: z.number().int().nullable().describe("Against the version before it; null for the first version or one never current"),
  linesRemoved: z.number().int().nullable(),
});

const AgentImpact = z.object({
  newlyBlocked: z.number().int(),
  newlyAllowed: z.number().int(),
  highPriorityBlocked: z.number().int(),
  impressions28dBlocked: z.number().int(),
  clicks28dBlocked: z.number().int(),
  sampleUrls: z.array(z.string()).describe("Up to 10 newly blocked URLs, important ones (high priority or with impressions) first"),
});
export const RobotsImpactSchema = z.object({
  googlebot: AgentImpact.describe("Google's reading of the file"),
  bingbot: AgentImpact.describe("RFC 9309"),
  ai: z.array(AgentImpact.extend({ crawler: z.string(), operator: z.string() })).describe("Each AI crawler token we name (RFC 9309)"),
  importantBlocked: z.number().int().describe("Distinct URLs newly blocked for Google or Bing that are high priority or had impressions in 28 days"),
  importantSampleUrls: z.array(z.string()),
  urlsScanned: z.number().int().describe("Tracked URLs on the watched host that were judged"),
  durationMs: z.number().int(),
});

export const RobotsTxtVersionDetail = RobotsTxtVersionSummary.extend({
  previousVersionId: z.uuid().nullable(),
  content: z.string().describe("The file as text (see `encoding`; a binary file reads as one line naming its size; empty for no file)"),
  diff: z.string().nullable().describe("Unified line diff against the version before it; null for the first version or one never current"),
  impact: RobotsImpactSchema.nullable().describe("What it changed against the version before it, over the tracked URLs; null like `diff`"),
});

export const WatchResponse = z.object({
  robotsTxt: z.object({
    url: z.string().describe("The robots.txt watched: of the origin the home page resolves to"),
    lastFetchAt: ts,
    httpStatus: z.number().int().nullable().describe("Of the last fetch (304: unchanged since the fetch before); null when nothing answered"),
    state: z.enum(["pending", "ok", "5xx", "unreachable"]).describe("`pending` before the first fetch; `5xx`/`unreachable` while fetches fail, since `since`"),
    since: ts.describe("Since when the state holds: the failure's start, else when the current version became current"),
    versionId: z.uuid().nullable().describe("The current version"),
    pendingVersionId: z.uuid().nullable().describe("A new content seen once, waiting for a second fetch to become current"),
    consecutiveFailures: z.number().int(),
    error: z.string().nullable(),
  }),
  certificate: z.object({
    expiresAt: ts,
    daysLeft: z.number().int().nullable(),
    state: z.enum(["pending", "ok", "invalid", "unreadable", "not_https"]).describe("`unreadable`: no TLS answer or no certificate; `invalid`: read but not trusted for the name"),
    issuer: z.string().nullable(),
    checkedAt: ts,
    error: z.string().nullable(),
  }),
  homePage: z.object({
    status: z.number().int().nullable(),
    finalUrl: z.string().nullable(),
    state: z.enum(["pending", "ok", "moved", "error"]).describe("`ok`: 200 at the address it had; `moved`: 200 at another final address; `error`: not 200"),
    previousFinalUrl: z.string().nullable(),
    changedAt: ts,
    checkedAt: ts,
    error: z.string().nullable(),
  }),
  sitemaps: z.array(z.object({ url: z.string(), urlCount: z.number().int().nullable(), previousUrlCount: z.number().int().nullable() })),
  sentinels: z.array(z.object({ url: z.string(), lastAuditAt: ts, state: z.string() })),
});
export type WatchResponse = z.infer<typeof WatchResponse>;
