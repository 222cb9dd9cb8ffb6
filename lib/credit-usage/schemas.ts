import { z } from "zod";
import { paginationQuery } from "@/lib/core/pagination";

// GET O/credits/ledger, O/credits/usage and O/credits/forecast: where the organization's credits went, and what the
// scheduled inspections will cost next (docs/guide/credits.md).

export const CREDIT_KINDS = ["grant", "sitemap_admission", "inspection", "refund", "adjustment", "render"] as const;
export const INSPECTION_CADENCES = ["hourly", "daily", "weekly", "monthly"] as const;
const count = z.number().int().min(0);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export const ledgerQuery = paginationQuery.extend({
  kind: optional(z.enum(CREDIT_KINDS)).describe("Only entries of this kind"),
});
export type LedgerQuery = z.infer<typeof ledgerQuery>;

export const LedgerEntry = z.object({
  id: z.uuid(),
  kind: z.enum(CREDIT_KINDS).describe("`grant`: credits added; `sitemap_admission`: 1 per URL a sitemap sync admitted; `inspection`: 1 per "
    + "URL inspected (scheduled, check again, inspect now); `refund`, `adjustment`: corrections; `render`: a page rendered in headless Chromium (render now or the weekly sample)"),
  amount: z.number().int().describe("Credits added (positive) or spent (negative)"),
  balanceAfter: z.number().int().min(0),
  createdAt: z.string(),
  description: z.string().describe("What moved the credits, in words"),
  project: z.object({ id: z.uuid(), name: z.string(), domain: z.string(), deleted: z.boolean() }).nullable()
    .describe("The project the credits were spent on, when known"),
  url: z.object({ id: z.uuid(), url: z.string() }).nullable().describe("The URL, for an inspect-now of one URL that is still tracked"),
  actor: z.object({ userId: z.uuid(), email: z.string().nullable() }).nullable().describe("Who caused it (null for scheduled work)"),
  urls: count.nullable().describe("URLs the entry paid for (sitemap admissions and inspections)"),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const usageQuery = z.object({
  days: optional(z.coerce.number().int().min(1).max(365)).describe("The window, in days up to now (1-365, default 30)"),
});
export type UsageQuery = z.infer<typeof usageQuery>;

const kindTotals = z.object(Object.fromEntries(CREDIT_KINDS.map((k) => [k, z.number().int()])) as Record<(typeof CREDIT_KINDS)[number], z.ZodNumber>);

export const CreditUsage = z.object({
  days: z.number().int(),
  from: z.string().describe("Start of the window (UTC midnight, `days` − 1 days before today)"),
  balance: count.describe("The balance now"),
  granted: count.describe("Credits added in the window"),
  spent: count.describe("Credits spent in the window"),
  byKind: kindTotals.describe("Net credits per kind in the window: grants positive, spending negative"),
  daily: z.array(z.object({ date: z.string(), granted: count, sitemapAdmission: count, inspection: count, other: z.number().int() }))
    .describe("One entry per UTC date of the window, oldest first: credits added and spent per kind (spending as positive numbers)"),
  byProject: z.array(z.object({ projectId: z.uuid(), name: z.string(), deleted: z.boolean(), sitemapAdmission: count, inspection: count }))
    .describe("Spending per project in the window, largest first"),
});
export type CreditUsage = z.infer<typeof CreditUsage>;

export const ForecastProject = z.object({
  projectId: z.uuid(), name: z.string(), domain: z.string(),
  status: z.enum(["active", "paused"]),
  automatedInspectionsEnabled: z.boolean(),
  cadence: z.enum(INSPECTION_CADENCES),
  trackedUrls: count,
  dueNow: count.describe("Scheduled inspections already due (run at the next tick)"),
  queued: count.describe("URLs waiting in the “check again” queue (charged at the next tick, with or without automation)"),
  nextCycleCredits: count.describe("Credits of the next cycle: the queue, plus every scheduled inspection due within one cadence from now"),
  next30DaysCredits: count.describe("Credits of the next 30 days: the queue, plus each URL's inspections at its next time and every cadence after"),
});
export type ForecastProject = z.infer<typeof ForecastProject>;

export const CreditForecast = z.object({
  generatedAt: z.string(),
  balance: count,
  nextCycleCredits: count.describe("Sum of the projects' next cycles"),
  next30DaysCredits: count,
  runsOutOn: z.string().nullable().describe("The UTC date the balance no longer covers the forecast spending (null: it covers the 30 days); "
    + "inspections then pause until credits are added"),
  daily: z.array(z.object({ date: z.string(), credits: count })).describe("Forecast spending per UTC date, today and the next 29 days"),
  projects: z.array(ForecastProject).describe("Every live project, the most expensive 30 days first"),
});
export type CreditForecast = z.infer<typeof CreditForecast>;
