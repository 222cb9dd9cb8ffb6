import { z } from "zod";

const count = z.number().int().min(0);
const ts = z.string().nullable();

/** At most this many off-host entries are reported per sync (DESIGN.md). */
export const OFF_HOST_REPORT_LIMIT = 100;

export const SkippedOffHost = z.object({ url: z.string(), reason: z.literal("off_host") });

/** At most this many unreadable files are reported per sync. */
export const FAILURES_REPORT_LIMIT = 20;

export const SyncFailure = z.object({
  url: z.string().describe("The sitemap file (or robots.txt) that could not be read"),
  problem: z.enum(["missing", "unreachable", "invalid"]).describe("`missing`: 404/410; `unreachable`: no usable answer; `invalid`: not a usable sitemap"),
  message: z.string().describe("What went wrong, in plain words"),
});

export const SitemapSyncResult = z.object({
  urlsDiscovered: count.describe("Net-new on-host URLs admitted (1 credit each)"),
  urlsUpdated: count.describe("Tracked URLs seen again in this sync"),
  urlsSkipped: count.describe("Entries neither admitted nor updated: invalid or relative, off-host, repeats of a URL already seen in this sync, "
    + "or URLs the owner stopped tracking (`urlsExcluded`)"),
  urlsExcluded: count.describe("Of the skipped entries, distinct URLs the owner stopped tracking (POST …/urls/untrack; GET …/url-exclusions): "
    + "never admitted or charged until the exclusion is deleted or the URL is admitted by hand"),
  sitemapsFetched: count.describe("Sitemap files that answered 2xx"),
  staleMarked: count.describe("Sitemap-origin URLs absent from every sitemap, newly marked stale"),
  staleCleared: count.describe("Stale URLs listed again, no longer stale"),
  skippedOffHost: z.array(SkippedOffHost).max(OFF_HOST_REPORT_LIMIT).describe("The first 100 distinct off-host entries (never charged)"),
  status: z.enum(["completed", "partial", "failed"]).describe("`completed`: every sitemap was read; `partial`: some could not be read "
    + "(URLs missing from them are not marked stale); `failed`: no sitemap could be read: nothing was admitted or charged, and the sync does "
    + "not count towards the 15-minute limit, so it can be run again at once"),
  failures: z.array(SyncFailure).max(FAILURES_REPORT_LIMIT).describe("The files that could not be read (at most 20), robots.txt included"),
});
export type SitemapSyncResult = z.infer<typeof SitemapSyncResult>;

export const SITEMAP_TYPES = ["index", "urlset", "unknown"] as const;
export const FETCH_STATUSES = ["ok", "error", "timeout", "blocked"] as const;

export const SitemapResponse = z.object({
  id: z.uuid(),
  url: z.string(),
  type: z.enum(SITEMAP_TYPES),
  parentSitemapId: z.uuid().nullable(),
  lastFetchedAt: ts,
  lastSuccessAt: ts,
  fetchStatus: z.enum(FETCH_STATUSES).nullable(),
  urlCount: count.nullable(),
  error: z.string().nullable(),
});
export type SitemapResponse = z.infer<typeof SitemapResponse>;

/** A sync in progress as the walk reports it (GET …/sync): polled by the dashboard while its POST runs. */
export const SyncProgressResponse = z.object({
  running: z.boolean().describe("A sync of this project is running now"),
  startedAt: z.string().nullable(),
  phase: z.enum(["reading", "admitting"]).nullable().describe("`reading` the sitemaps, then `admitting` what they list (one transaction)"),
  sitemapsRead: z.number().int().describe("Files fetched so far (read or failed)"),
  sitemapsFound: z.number().int().describe("Files found so far: those read and those waiting in the walk's queue"),
  urlsRead: z.number().int().describe("URL entries read so far"),
});
export type SyncProgressResponse = z.infer<typeof SyncProgressResponse>;
