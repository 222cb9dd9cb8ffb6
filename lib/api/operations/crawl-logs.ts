// OpenAPI registrations of crawl activity from server logs: one defineOperation per endpoint, read by its route and the OpenAPI document.
import { R, W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import {
  AiCrawlersResponse, CrawlActivityResponse, crawlActivityQuery, IngestResult, IngestTokenResponse, listLogImportsQuery, LogImportResponse,
  logImportParams, UntrackedCrawledUrl, untrackedCrawledQuery, uploadLogForm, UrlCrawlDay, urlCrawlParams, urlCrawlQuery,
} from "@/lib/crawl-logs/schemas";
import { z } from "zod";
import { defineOperation } from "../operation";

const P = "/api/user/organizations/{organizationId}/projects/{id}";
const tags = ["Crawl activity"];

const KEPT = "Raw lines and client addresses are not stored: addresses are used only to verify crawlers. Daily aggregates are kept 16 months (480 days).";

export const getLogImportsOp = defineOperation({
  method: "GET", path: `${P}/logs`, tags, scopes: R, params: projectParams, query: listLogImportsQuery, response: LogImportResponse, paginated: true,
  summary: "List the project's server log imports", description: "Newest first.",
});
export const postLogImportOp = defineOperation({
  method: "POST", path: `${P}/logs`, tags, scopes: W, params: projectParams, body: uploadLogForm, bodyContentType: "multipart/form-data",
  response: LogImportResponse, created: true, errors: ["PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "RATE_LIMITED", "LOG_ALREADY_UPLOADED"],
  summary: "Upload a server log (plain or gzip) for crawl activity",
  description: [
    "Send `multipart/form-data` with the log in the field `file` and optionally `format` (`ncsa_combined`, `ncsa_common`, `w3c`, `cloudflare_json`, `json_generic`; "
      + "detected from the first lines when omitted). The file streams to disk as it arrives (up to `LOG_UPLOAD_MAX_BYTES`, default 20 GiB: 413 beyond); "
      + "gzip is recognised by its magic bytes. Answers the import `queued`; a job processes it in chunks of 200,000 lines (poll `GET …/logs/{logImportId}`).",
    "Per organization: at most `LOG_UPLOADS_CONCURRENT_PER_ORG` (2) uploads at once (429 with Retry-After beyond) and `LOG_SPOOL_QUOTA_BYTES_PER_ORG` (40 GiB) spooled, "
      + "counting uploads in progress and imports not yet processed (413 beyond, `meta.spooledBytes`). The same file (SHA-256) uploaded again to the project answers 409 "
      + "`LOG_ALREADY_UPLOADED` with `meta.logImportId` of the first import, unless that import failed without counting a line.",
    "Each chunk's aggregates commit with the import's checkpoint in one transaction: a job that stops resumes after the last committed chunk and counts no line twice. "
      + "Lines over 1 MiB, lines with NUL bytes and lines the format does not describe are counted in `rejected` (the first 20 with their line numbers in `rejectSamples`). "
      + "A truncated or corrupt gzip file, or one expanding more than `LOG_GZIP_MAX_RATIO` (200) times (a zip bomb), fails the import with `error`; what was read before is kept.",
    "Hits claiming a search or AI crawler are verified by the operator's published IP ranges or forward-confirmed reverse DNS: `verified` hits count as the crawler, "
      + "`unverified` ones (spoofed) are reported apart. Hits for another host than the project's are counted in `otherHostHits` and skipped. " + KEPT,
  ].join("\n\n"),
});
export const getLogImportOp = defineOperation({
  method: "GET", path: `${P}/logs/{logImportId}`, tags, scopes: R, params: logImportParams, response: LogImportResponse,
  summary: "Get a log import and its progress",
});
export const postIngestTokenOp = defineOperation({
  method: "POST", path: `${P}/logs/ingest-token`, tags, scopes: W, params: projectParams, response: IngestTokenResponse, created: true,
  summary: "Create the project's log push token (shown once)",
  description: "Replaces any previous token at once (rotation). Only its SHA-256 is stored. Use it as `Authorization: Bearer <token>` on `POST /api/ingest/logs`.",
});
export const deleteIngestTokenOp = defineOperation({
  method: "DELETE", path: `${P}/logs/ingest-token`, tags, scopes: W, params: projectParams, response: z.object({ revoked: z.boolean() }),
  summary: "Revoke the project's log push token", description: "Pushes with it answer 401 at once. Idempotent: `revoked` says whether a token existed.",
});
export const postIngestLogsOp = defineOperation({
  method: "POST", path: "/api/ingest/logs", tags, scopes: "public", rateLimit: false, response: IngestResult,
  errors: ["UNAUTHORIZED", "PAYLOAD_TOO_LARGE", "RATE_LIMITED", "UNSUPPORTED_MEDIA_TYPE"],
  summary: "Push a batch of log records with a project's ingest token",
  description: [
    "Authenticate with `Authorization: Bearer <ingest token>` (not an API key): an unknown, revoked or rotated token answers 401. The body is NDJSON, one JSON log record "
      + "per line (Cloudflare Logpush HTTP requests fields, detected from the records, or the generic mapping), plain or gzip (`Content-Encoding: gzip` or the gzip magic bytes). "
      + "Limits: `LOG_PUSH_MAX_BYTES` (10 MiB) as sent and `LOG_PUSH_MAX_EXPANDED_BYTES` (64 MiB) decompressed (413), `LOG_PUSH_PER_MINUTE` (120) batches per project, "
      + "and per organization `LOG_PUSH_CONCURRENT_PER_ORG` (2) pushes at once and `LOG_PUSH_MIB_PER_MINUTE_PER_ORG` (512) decompressed MiB a minute (429 with Retry-After).",
    "Crawler claims are verified by published IP ranges at once; those that need reverse DNS (at most `LOG_PUSH_DNS_LOOKUPS`, 100, addresses per batch; "
      + "beyond, unverified) are verified after the answer and counted a moment later.",
    "A batch counts once: send an `Idempotency-Key` header (1-200 visible ASCII characters) with each batch, and the same key on a retry; without one the SHA-256 of the "
      + "decompressed body is the key. Keys are remembered 7 days. A replay answers 200 with the first counts and `replayed: true` and adds nothing.",
    "`accepted` counts records parsed (browsers included), `rejected` records that are not log records (the first 20 with their line numbers). " + KEPT,
  ].join("\n\n"),
});
export const getCrawlActivityOp = defineOperation({
  method: "GET", path: `${P}/crawl-activity`, tags, scopes: R, params: projectParams, query: crawlActivityQuery, response: CrawlActivityResponse,
  summary: "Crawler hits per day and crawler family",
  description: "Per UTC day and crawler family: verified hits (the crawler proven by IP range or reverse DNS), unverified hits (claims a verifiable crawler, fails: spoofed), "
    + "hits of crawlers nobody can verify (`otherHits`) and the status classes served to verified hits; totals per family; and time to crawl (hours from our first sight of a URL "
    + "to the first verified Googlebot or Bingbot fetch) for URLs first seen in the window. Families: googlebot, google_other, bingbot, applebot, duckduckbot, yandexbot, "
    + "baiduspider, gptbot, oai_searchbot, chatgpt_user, claudebot, perplexitybot, ccbot, bytespider, amazonbot, meta_external, other_bot.",
});
export const getUntrackedCrawledOp = defineOperation({
  method: "GET", path: `${P}/crawl-activity/untracked`, tags, scopes: R, params: projectParams, query: untrackedCrawledQuery, response: UntrackedCrawledUrl, paginated: true,
  summary: "URLs crawlers fetch that the project does not track",
  description: "Verified crawler fetches of the project's host on URLs it does not track (parameters, old paths, orphans), most hits first. At most 50,000 URLs are kept per project "
    + "(new ones beyond that are counted in the day totals only); a URL not fetched for 480 days drops out.",
});
export const getAiCrawlersOp = defineOperation({
  method: "GET", path: `${P}/ai-crawlers`, tags, scopes: R, params: projectParams, response: AiCrawlersResponse,
  summary: "AI crawlers: robots.txt access and activity",
  description: "For each AI crawler's robots.txt token (GPTBot, OAI-SearchBot, ChatGPT-User, ClaudeBot, Claude-User, Claude-SearchBot, PerplexityBot, Perplexity-User, Google-Extended, "
    + "Applebot-Extended, CCBot, Bytespider, Amazonbot, meta-externalagent): whether the live robots.txt allows it the home page (RFC 9309, our robots engine), and its crawler family's "
    + "verified hits in the last 30 days and last fetch. Google-Extended and Applebot-Extended are robots.txt tokens only (their crawling is Googlebot's and Applebot's).",
});
export const getUrlCrawlActivityOp = defineOperation({
  method: "GET", path: `${P}/urls/{urlId}/crawl-activity`, tags, scopes: R, params: urlCrawlParams, query: urlCrawlQuery, response: UrlCrawlDay, responseIsList: true,
  summary: "One URL's crawl timeline",
  description: "Verified crawler fetches of the tracked URL per UTC day and crawler family (days without a fetch are left out), ascending, with the status classes served.",
});
