import { z } from "zod";

const EngineCoverage = z.object({
  urls: z.number().int().min(0).describe("Tracked URLs"),
  fresh7d: z.number().int().min(0).describe("URLs whose verdict was observed in the last 7 days"),
  fresh30d: z.number().int().min(0).describe("URLs whose verdict was observed in the last 30 days"),
  unknown: z.number().int().min(0).describe("URLs in state `unknown` (no verdict yet)"),
  bySource: z.record(z.string(), z.number().int().min(0)).describe("URLs by what said their current verdict"),
});

export const PLAN_REASONS = ["never_observed", "check_again", "audit_changed", "at_risk", "oldest_verdict"] as const;

export const CoverageResponse = z.object({
  engineA: EngineCoverage.describe("Google"),
  engineB: EngineCoverage.describe("Bing"),
  plan: z.object({
    date: z.iso.date().describe("Today, as a Pacific day (Google's quota day)"),
    planned: z.number().int().min(0).describe("Google inspections planned for the rest of today: the URLs owed a check, within the quota left"),
    byReason: z.record(z.enum(PLAN_REASONS), z.number().int().min(0)).describe(
      "never_observed: no verdict yet; check_again: asked by a user (check again, inspect now); audit_changed: our audit changed materially; "
      + "at_risk: last seen indexed, or an important page whose impressions stopped (a possible drop); oldest_verdict: the oldest verdicts"),
  }),
  properties: z.array(z.object({
    propertyUrl: z.string(),
    quotaUsedToday: z.number().int().min(0),
    quotaLimit: z.number().int().min(0),
    sharedQuotaDetected: z.boolean().describe("Google refused inspections below our own count today: another tool spends this property's quota"),
  })).describe("Each Google Search Console property of the project and its URL Inspection quota use today"),
});
export type CoverageResponse = z.infer<typeof CoverageResponse>;
