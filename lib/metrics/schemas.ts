import { z } from "zod";

const clampInt = (min: number, max: number, fallback: number, what: string) => z.preprocess(
  (v) => (v === undefined || v === "" ? undefined : v),
  z.coerce.number({ error: `${what} must be a number` }).refine(Number.isFinite, `${what} must be a number`)
    .transform((n) => Math.min(max, Math.max(min, Math.floor(n)))).default(fallback),
);

/** days clamped to 1-365 (default 30) like the snapshots window; depth 1-3 (default 1). */
export const indexingMetricsQuery = z.object({
  days: clampInt(1, 365, 30, "days").describe("URLs first seen in the last `days` days (1-365, clamped; default 30)"),
  groupBy: z.enum(["none", "pathPrefix"]).default("none").describe("`pathPrefix` groups URLs by the first `depth` directories of their path"),
  depth: clampInt(1, 3, 1, "depth").describe("Directories in a path prefix (1-3, clamped; default 1)"),
});

const hours = z.number().min(0).nullable();
export const TimeToIndex = z.object({
  urls: z.number().int().min(0).describe("URLs first seen by us in the window"),
  indexed: z.number().int().min(0).describe("Of those, URLs this engine (engineA: Google, engineB: Bing, any: either) has said indexed"),
  alreadyIndexed: z.number().int().min(0).default(0).describe(
    "Of `indexed`, URLs the engine had indexed by the time we first saw them: they say nothing of time to index and stay out of the percentiles"),
  medianHours: hours.describe("Median hours from first seen to first indexed, over the URLs indexed after we first saw them; null when none"),
  p90Hours: hours.describe("90th percentile of the same"),
  within7d: z.number().min(0).max(1).describe("Share of `urls` indexed within 7 days of being first seen"),
  within30d: z.number().min(0).max(1).describe("Share of `urls` indexed within 30 days of being first seen"),
});
export type TimeToIndex = z.infer<typeof TimeToIndex>;

export const TimeToRemoval = z.object({
  removed: z.number().int().min(0).describe("URLs of removals this engine dropped in the window (for `all`: every connected engine did)"),
  medianHours: hours.describe("Median hours from the removal's declaration to the drop; null when none"),
  p90Hours: hours.describe("90th percentile of the same"),
});
export type TimeToRemoval = z.infer<typeof TimeToRemoval>;

/** What a time-to-index computation yields (and what is cached for a large project); the response adds time to removal, always fresh. */
export const TimeToIndexPayload = z.object({
  days: z.number().int(), groupBy: z.enum(["none", "pathPrefix"]), depth: z.number().int(),
  from: z.string().describe("Start of the window (first seen at or after)"),
  groups: z.array(z.object({
    group: z.string().nullable().describe("The path prefix (e.g. `/blog/`, `/` for top-level pages); null without grouping"),
    engines: z.object({ any: TimeToIndex, engineA: TimeToIndex, engineB: TimeToIndex }),
  })).describe("Without grouping one group; with it, the 50 largest prefixes, largest first"),
});
export type TimeToIndexPayload = z.infer<typeof TimeToIndexPayload>;

export const IndexingMetricsResponse = TimeToIndexPayload.extend({
  timeToRemoval: z.object({
    all: TimeToRemoval.describe("Removed: every connected engine dropped the URL (the removal's end)"),
    engineA: TimeToRemoval.describe("Google dropped the URL"),
    engineB: TimeToRemoval.describe("Bing dropped the URL"),
    following: z.number().int().min(0).describe("URLs of removals still followed now (pending, confirmed by site or stuck)"),
    stuck: z.number().int().min(0).describe("Of those, stuck ones"),
  }).describe("Beside time to index: for the URLs of removals (the Removals page) dropped in the last `days` days, the time from the declaration to the "
    + "drop, per engine. The whole project, whatever `groupBy`."),
});
export type IndexingMetricsResponse = z.infer<typeof IndexingMetricsResponse>;
