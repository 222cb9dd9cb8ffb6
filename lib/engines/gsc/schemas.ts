import { z } from "zod";

// Every answer of gsc is parsed here. Enum-like fields stay strings: the service adds
// values (e.g. *_UNSPECIFIED) and an unknown one must not turn a good answer into an error.
const optionalString = z.string().optional().catch(undefined);
const stringList = z.array(z.string()).optional().catch(undefined);

export const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional().catch(undefined),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

export const oauthErrorAnswer = z.object({ error: z.string(), error_description: z.string().optional().catch(undefined) });

/** Google's API error envelope: {"error": {"code", "message", "status"}}. */
export const apiErrorAnswer = z.object({
  error: z.object({ code: z.coerce.number().optional(), message: z.string().optional(), status: z.string().optional() }),
});

export const siteEntry = z.object({ siteUrl: z.string().min(1), permissionLevel: z.string().default("") });
export const sitesAnswer = z.object({ siteEntry: z.array(siteEntry).optional() });

export const indexStatusResult = z.object({
  verdict: optionalString,
  coverageState: optionalString,
  robotsTxtState: optionalString,
  indexingState: optionalString,
  pageFetchState: optionalString,
  lastCrawlTime: optionalString,
  googleCanonical: optionalString,
  userCanonical: optionalString,
  crawledAs: optionalString,
  sitemap: stringList,
  referringUrls: stringList,
});
export type IndexStatusResult = z.infer<typeof indexStatusResult>;

export const inspectAnswer = z.object({
  inspectionResult: z.object({
    inspectionResultLink: optionalString,
    indexStatusResult: indexStatusResult.optional(),
  }),
});

/** A real calendar day as YYYY-MM-DD (Date.parse rolls 2026-02-30 over to March: compared back, it is refused). */
export const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((s) => {
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(s);
});

// Search Analytics: the envelope is parsed as a whole, each row on its own (see search-analytics.ts),
// so one odd row is dropped and counted instead of failing a page of 25,000.
export const searchAnalyticsAnswer = z.object({
  rows: z.array(z.unknown()).optional(),
  responseAggregationType: optionalString,
  metadata: z.object({ firstIncompleteDate: calendarDay.optional().catch(undefined) }).optional().catch(undefined),
});

const count = z.number().int().nonnegative(); // z.number() refuses NaN and Infinity (zod 4)
const httpUrl = z.string().min(1).refine((s) => { try { return /^https?:$/.test(new URL(s).protocol); } catch { return false; } });

/** One row grouped by ["page", "date"]; numbers that cannot be true (more clicks than impressions, position < 1) make it malformed. */
export const searchAnalyticsRow = z.object({
  keys: z.tuple([httpUrl, calendarDay]),
  clicks: count,
  impressions: count,
  ctr: z.number().min(0).max(1),
  position: z.number().min(1),
}).refine((r) => r.clicks <= r.impressions);
