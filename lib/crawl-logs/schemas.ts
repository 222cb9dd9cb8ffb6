import { z } from "zod";
import { uuidParam } from "@/lib/core/params";
import { paginationQuery } from "@/lib/core/pagination";
import { LOG_FORMATS } from "./types";

export const LOG_IMPORT_STATUSES = ["queued", "running", "completed", "failed"] as const;

export const logImportParams = z.object({ organizationId: uuidParam, id: uuidParam, logImportId: uuidParam });
export const listLogImportsQuery = paginationQuery;

/** The multipart form, for the OpenAPI document. */
export const uploadLogForm = z.object({
  file: z.string().meta({ format: "binary", description: "The server log, plain or gzip (recognised by its magic bytes)" }),
  format: z.enum(LOG_FORMATS as [string, ...string[]]).optional().describe("The log format; detected from the first lines when omitted"),
});
export const logFormatField = z.enum(LOG_FORMATS as [string, ...string[]]);

export const LogImportResponse = z.object({
  id: z.uuid(), projectId: z.uuid(),
  status: z.enum(LOG_IMPORT_STATUSES),
  format: z.enum(LOG_FORMATS as [string, ...string[]]).nullable().describe("Detected or chosen; null until detected"),
  fileName: z.string(),
  bytes: z.number().int().min(0).describe("Size of the uploaded file as stored (compressed when gzip)"),
  bytesProcessed: z.number().int().min(0).describe("Bytes of the file behind the last committed chunk (progress: bytesProcessed / bytes)"),
  linesRead: z.number().int().min(0),
  linesParsed: z.number().int().min(0),
  crawlerHits: z.number().int().min(0).describe("Parsed lines whose user agent names a crawler"),
  verifiedHits: z.number().int().min(0),
  unverifiedHits: z.number().int().min(0).describe("Claimed a verifiable crawler and failed verification (spoofed): reported, never counted as the crawler"),
  otherHostHits: z.number().int().min(0).describe("Crawler hits for another host than the project's: counted and skipped"),
  rejected: z.number().int().min(0),
  rejectSamples: z.array(z.object({ line: z.number().int().min(1), reason: z.string() })).describe("The first 20 rejected lines' numbers and reasons"),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
  error: z.string().nullable(),
});
export type LogImportResponse = z.infer<typeof LogImportResponse>;

export const IngestTokenResponse = z.object({ token: z.string().describe("Shown once; only its SHA-256 is stored"), start: z.string(), createdAt: z.iso.datetime() });
export const IngestTokenStatus = z.object({ exists: z.boolean(), start: z.string().nullable(), createdAt: z.iso.datetime().nullable(), lastUsedAt: z.iso.datetime().nullable() });
export const IngestResult = z.object({
  accepted: z.number().int().min(0).describe("Records parsed and counted (browsers included)"),
  rejected: z.number().int().min(0),
  replayed: z.boolean().describe("true: this batch was already counted; the counts are those of the first time and nothing was added"),
  rejectSamples: z.array(z.object({ line: z.number().int().min(1), reason: z.string() })),
});

export const crawlActivityQuery = z.object({
  days: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(480).default(30)).describe("UTC days up to today, 1-480 (default 30)"),
  crawler: z.string().trim().regex(/^[a-z_]{1,40}$/).optional().describe("One crawler family (e.g. `googlebot`, `gptbot`)"),
});

const statusMix = { status2xx: z.number().int(), status3xx: z.number().int(), status4xx: z.number().int(), status5xx: z.number().int() };
export const CrawlActivityDay = z.object({
  date: z.iso.date(), crawler: z.string(), name: z.string(),
  verifiedHits: z.number().int(), unverifiedHits: z.number().int(), otherHits: z.number().int().describe("Crawlers that cannot be verified (no published ranges or DNS)"),
  ...statusMix,
});
const timeToCrawl = z.object({ urls: z.number().int(), medianHours: z.number().nullable(), p90Hours: z.number().nullable() });
const reactionStats = z.object({
  requests: z.number().int().describe("Requests in the window (at most the latest 20,000)"), fetched: z.number().int().describe("Requests the crawler answered within 14 days"),
  medianHours: z.number().nullable(), p90Hours: z.number().nullable(),
});
export const CrawlActivityResponse = z.object({
  from: z.iso.date(), to: z.iso.date(),
  days: z.array(CrawlActivityDay).describe("One row per day and crawler family with any hit, ascending"),
  totals: z.array(z.object({ crawler: z.string(), name: z.string(), kind: z.string(), verifiedHits: z.number().int(), unverifiedHits: z.number().int(), otherHits: z.number().int(), lastSeenAt: z.iso.datetime().nullable(), ...statusMix })),
  timeToCrawl: z.object({ googlebot: timeToCrawl, bingbot: timeToCrawl }).describe("URLs first seen by us in the window: hours from discovery to the first verified fetch"),
  reactions: z.object({ indexNowToBingbot: reactionStats, checkAgainToGooglebot: reactionStats })
    .describe("The engines' reaction in the window: hours from an IndexNow submission to Bingbot's first verified fetch of the URL, and from a check again to Googlebot's"),
});
export type CrawlActivityResponse = z.infer<typeof CrawlActivityResponse>;

export const UntrackedCrawledUrl = z.object({ url: z.string(), verifiedHits: z.number().int(), lastStatus: z.number().int().nullable(), firstSeenAt: z.iso.datetime(), lastSeenAt: z.iso.datetime() });
export const untrackedCrawledQuery = paginationQuery;

export const AiCrawlerRow = z.object({
  token: z.string().describe("The robots.txt product token"), name: z.string(), operator: z.string(), family: z.string().nullable(),
  allowed: z.boolean().nullable().describe("May it fetch the home page under the live robots.txt; null when robots.txt could not be read"),
  verifiedHits30d: z.number().int().describe("Verified hits of the token's crawler family in 30 days"),
  otherHits30d: z.number().int().describe("Hits of crawlers that cannot be verified (no published ranges or DNS), e.g. ClaudeBot, CCBot"),
  lastSeenAt: z.iso.datetime().nullable(),
});
export const AiCrawlersResponse = z.object({
  robotsUrl: z.string(), robotsStatus: z.number().int().nullable(), robotsError: z.string().nullable(), crawlers: z.array(AiCrawlerRow),
});
export type AiCrawlersResponse = z.infer<typeof AiCrawlersResponse>;

export const urlCrawlParams = z.object({ organizationId: uuidParam, id: uuidParam, urlId: uuidParam });

export const urlCrawlQuery = z.object({
  days: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(480).default(90)).describe("UTC days up to today, 1-480 (default 90)"),
});
export const CrawlReaction = z.object({
  trigger: z.enum(["indexnow", "check_again"]).describe("What was asked of the engine: an IndexNow submission that delivered the URL, or a check again (or inspect now)"),
  triggeredAt: z.iso.datetime().describe("When the submission was sent or the requested audit ran"),
  fetchedAt: z.iso.datetime().describe("The crawler's first verified fetch after it"),
  hours: z.number().describe("Hours from the request to the fetch"),
  approximate: z.boolean().describe("The request fell between that day's first and last of several fetches: fetchedAt is the last, an upper bound"),
});
export const UrlCrawlDay = z.object({
  date: z.iso.date(), crawler: z.string(), name: z.string(), hits: z.number().int().describe("Verified fetches"),
  ...statusMix, lastFetchAt: z.iso.datetime(),
  reactions: z.array(CrawlReaction).describe(
    "This day holds the crawler's first verified fetch after these requests (Bingbot after an IndexNow submission; Googlebot and Bingbot after a check again), "
    + "within 14 days and before the next request of the same kind"),
});
export type UrlCrawlDay = z.infer<typeof UrlCrawlDay>;
