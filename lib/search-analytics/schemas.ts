import { z } from "zod";
import { paginationQuery } from "@/lib/core/pagination";

export const performanceQuery = z.object({
  days: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(480).default(90))
    .describe("Pacific days up to today, 1-480 (default 90)"),
});

export const PerformanceDay = z.object({
  date: z.iso.date().describe("A Pacific calendar day, as Google Search Console counts them"),
  clicks: z.number().int().min(0),
  impressions: z.number().int().min(0),
  ctr: z.number().min(0),
  position: z.number().nullable().describe("Average position, weighted by impressions; null on a day without impressions"),
});
export type PerformanceDay = z.infer<typeof PerformanceDay>;

export const untrackedQuery = paginationQuery;

export const UntrackedPage = z.object({
  url: z.string(),
  clicks28d: z.number().int().min(0),
  impressions28d: z.number().int().min(0),
  lastImpressionAt: z.iso.datetime().describe("Start (Pacific time) of the last day with an impression"),
});
export type UntrackedPage = z.infer<typeof UntrackedPage>;
