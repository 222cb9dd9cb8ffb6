import { z } from "zod";

const count = z.number().int().min(0);
const ts = z.string().nullable();

/** At most this many off-host entries are reported per sync (DESIGN.md). */
export const OFF_HOST_REPORT_LIMIT = 100;

export const SkippedOffHost = z.object({ url: z.string(), reason: z.literal("off_host") });

export const SitemapSyncResult = z.object({
  urlsDiscovered: count.describe("Net-new on-host URLs admitted (1 credit each)"),
  urlsUpdated: count.describe("Tracked URLs seen again in this sync"),
  urlsSkipped: count.describe("Entries neither admitted nor updated: invalid or relative, off-host, or repeats of a URL already seen in this sync"),
  sitemapsFetched: count.describe("Sitemap files that answered 2xx"),
  staleMarked: count.describe("Sitemap-origin URLs absent from every sitemap, newly marked stale"),
  staleCleared: count.describe("Stale URLs listed again, no longer stale"),
  skippedOffHost: z.array(SkippedOffHost).max(OFF_HOST_REPORT_LIMIT).describe("The first 100 distinct off-host entries (never charged)"),
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
