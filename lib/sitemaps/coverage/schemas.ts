import { z } from "zod";
import { FETCH_STATUSES, SITEMAP_TYPES } from "@/lib/sitemaps/sync/schemas";

const count = z.number().int().min(0);

/** At most this many sections are listed (the largest first); the rest are summed in `otherSections`. */
export const MAX_SECTIONS = 200;

const Counts = {
  urls: count.describe("Tracked URLs"),
  indexedEngineA: count.describe("Of those, indexed by Google (engineAState `indexed`)"),
  indexedEngineB: count.describe("Of those, indexed by Bing (engineBState `indexed`)"),
  withOpenIssues: count.describe("Of those, URLs with an open membership in an open issue group"),
};

export const SitemapCoverageRow = z.object({
  sitemapId: z.uuid().nullable().describe("null: the URLs no sitemap of the last sync listed (manual and imported URLs, stale URLs, and URLs not synced since coverage was recorded)"),
  url: z.string().nullable(),
  type: z.enum(SITEMAP_TYPES).nullable(),
  fetchStatus: z.enum(FETCH_STATUSES).nullable(),
  lastSuccessAt: z.string().nullable(),
  listedUrls: count.nullable().describe("Entries of the sitemap at its last complete read (the sitemap's own count, off-host and repeated entries included)"),
  ...Counts,
});
export type SitemapCoverageRow = z.infer<typeof SitemapCoverageRow>;

export const SectionCoverageRow = z.object({
  section: z.string().describe("The first path segment of URLs below it (`/blog/…` → `blog`); `/` for pages at the root (`/`, `/about`)"),
  ...Counts,
});
export type SectionCoverageRow = z.infer<typeof SectionCoverageRow>;

export const SitemapCoverageResponse = z.object({
  totals: z.object(Counts),
  sitemaps: z.array(SitemapCoverageRow).describe("Each sitemap file that lists URLs (not the indexes), by URL, then the URLs in none"),
  sections: z.array(SectionCoverageRow).max(MAX_SECTIONS).describe("Sections by tracked URLs, largest first (ties by name), at most 200"),
  otherSections: z.object({ sections: count, ...Counts }).nullable().describe("The sections beyond the first 200, summed; null when none"),
});
export type SitemapCoverageResponse = z.infer<typeof SitemapCoverageResponse>;
