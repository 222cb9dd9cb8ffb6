import { z } from "zod";
import { CHECK_REASONS } from "@/lib/engine-sync/check-reasons";

const EngineCoverage = z.object({
  urls: z.number().int().min(0).describe("Tracked URLs"),
  fresh7d: z.number().int().min(0).describe("URLs whose verdict was observed in the last 7 days"),
  fresh30d: z.number().int().min(0).describe("URLs whose verdict was observed in the last 30 days"),
  unknown: z.number().int().min(0).describe("URLs in state `unknown` (no verdict yet)"),
  ages: z.object({
    within7d: z.number().int().min(0).describe("Verdict observed in the last 7 days (= fresh7d)"),
    days8to30: z.number().int().min(0).describe("Verdict observed 8 to 30 days ago"),
    olderThan30d: z.number().int().min(0).describe("Verdict observed more than 30 days ago"),
    none: z.number().int().min(0).describe("No verdict observed yet"),
  }).describe("Every tracked URL in exactly one bucket by the age of its verdict: the four add up to `urls`"),
  bySource: z.record(z.string(), z.number().int().min(0)).describe("URLs by what said their current verdict"),
});

/** In the order the backlog spends the quota: index i is the backlog priority i (lib/engine-sync/check-reasons). */
export const PLAN_REASONS = ["never_observed", "check_again", "audit_changed", "at_risk", "crawl_aging", "oldest_verdict"] as const;

export const CoverageResponse = z.object({
  engineA: EngineCoverage.describe("Google"),
  engineB: EngineCoverage.describe("Bing"),
  plan: z.object({
    date: z.iso.date().describe("Today, as a Pacific day (Google's quota day)"),
    planned: z.number().int().min(0).describe("Google inspections planned for the rest of today: the URLs owed a check, within the quota left"),
    byReason: z.record(z.enum(PLAN_REASONS), z.number().int().min(0)).describe(
      "never_observed: no verdict yet; check_again: asked by a user (check again, inspect now); audit_changed: our audit changed materially; "
      + "at_risk: last seen indexed, or an important page whose impressions stopped (a possible drop); "
      + "crawl_aging: Google last crawled the page 100 days ago or more (pages not crawled for 130 days are rarely kept); oldest_verdict: the oldest verdicts"),
  }),
  properties: z.array(z.object({
    propertyUrl: z.string(),
    quotaUsedToday: z.number().int().min(0),
    quotaLimit: z.number().int().min(0),
    sharedQuotaDetected: z.boolean().describe("Google refused inspections below our own count today: another tool spends this property's quota"),
  })).describe("Each Google Search Console property of the project and its URL Inspection quota use today"),
});
export type CoverageResponse = z.infer<typeof CoverageResponse>;

export const UrlGoogleCheckResponse = z.object({
  reason: z.enum(CHECK_REASONS).nullable().describe(
    "Why the URL owes (or last owed) a Google check: never_observed, check_again (a user asked: check again or inspect now), audit_changed, "
    + "last_seen_indexed, at_risk (an important page whose impressions stopped against its own rhythm), crawl_aging (Google's last crawl is 100 days "
    + "old or more), oldest_verdict (the daily plan's oldest verdicts), inspected (after a scheduled inspection); null: never planned"),
  queued: z.boolean().describe("True while the check waits for quota (it is spent inside today's URL Inspection quota, most urgent first)"),
  priority: z.number().int().min(0).nullable().describe("The queued check's rank (0 first): the index of its reason in the coverage plan's reasons"),
  lastCrawlAt: z.iso.datetime().nullable().describe("When Google last crawled the page, as its last URL inspection reported (lastCrawlTime)"),
  lastGooglebotFetchAt: z.iso.datetime().nullable().describe("The last verified Googlebot fetch in the site's logs (crawl activity)"),
  observedAt: z.iso.datetime().nullable().describe("When Google's current verdict was last known true"),
});
export type UrlGoogleCheckResponse = z.infer<typeof UrlGoogleCheckResponse>;
