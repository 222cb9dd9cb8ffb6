import { z } from "zod";
import { paginationQuery } from "@/lib/core/pagination";
import { uuidParam } from "@/lib/core/params";

// Removals: URLs that should leave the index, followed until Google and Bing have dropped them (issue 25).

export const REMOVAL_INTENTS = ["gone", "redirected", "noindexed", "blocked"] as const;
export const REMOVAL_URL_STATES = ["pending", "confirmed_by_site", "removed", "stuck", "cancelled"] as const;
export const REMOVAL_BATCH_STATUSES = ["active", "cancelled", "finished"] as const;
/** URLs one batch may hold. */
export const MAX_REMOVAL_URLS = 10_000;
export const DEFAULT_STUCK_AFTER_DAYS = 30;

const urlText = z.string().min(1).max(2048);
export const CreateRemovalBody = z.strictObject({
  urlIds: z.array(z.uuid()).min(1).max(MAX_REMOVAL_URLS).optional().describe("Tracked URL ids of the project"),
  urls: z.array(urlText).min(1).max(MAX_REMOVAL_URLS).optional().describe("Tracked URLs of the project, as listed"),
  intent: z.enum(REMOVAL_INTENTS),
  redirectTarget: urlText.optional().describe("`redirected` only: where the URLs now redirect (absent: each URL's own audited redirect target, or any permanent redirect to a live page)"),
  stuckAfterDays: z.number().int().min(1).max(365).optional().describe(`Days after which a URL still indexed is stuck (default ${DEFAULT_STUCK_AFTER_DAYS})`),
}).refine((b) => (b.urlIds ? 1 : 0) + (b.urls ? 1 : 0) === 1, { message: "Give either urlIds or urls", path: ["urlIds"] })
  .refine((b) => b.intent === "redirected" || b.redirectTarget === undefined, { message: "A redirect target goes with the intent redirected", path: ["redirectTarget"] });
export type CreateRemovalBody = z.infer<typeof CreateRemovalBody>;

export const removalParams = z.object({ organizationId: uuidParam, id: uuidParam, removalId: uuidParam });
export const listRemovalsQuery = paginationQuery.extend({ status: z.enum(REMOVAL_BATCH_STATUSES).optional() });
export type ListRemovalsQuery = z.infer<typeof listRemovalsQuery>;
export const listRemovalUrlsQuery = paginationQuery.extend({
  state: z.enum(REMOVAL_URL_STATES).optional(),
  format: z.enum(["json", "csv"]).optional().describe("csv: every URL of the batch as a CSV for Search Console's Removals tool"),
});
export type ListRemovalUrlsQuery = z.infer<typeof listRemovalUrlsQuery>;

const engineProgress = z.object({
  connected: z.boolean(),
  pending: z.number().int().describe("Our audit does not confirm the removal yet, and this engine has not dropped the URL"),
  confirmedBySite: z.number().int().describe("Our audit confirms; this engine still lists the URL (or has not been asked since)"),
  removed: z.number().int().describe("This engine no longer indexes the URL"),
  stuck: z.number().int(),
  medianDaysToRemoval: z.number().nullable(),
  maxDaysToRemoval: z.number().nullable(),
});

export const RemovalBatchResponse = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  intent: z.enum(REMOVAL_INTENTS),
  redirectTarget: z.string().nullable(),
  redirectOffSite: z.boolean().describe("The redirect target is on another host than the project's"),
  stuckAfterDays: z.number().int(),
  status: z.enum(REMOVAL_BATCH_STATUSES),
  counts: z.object({
    total: z.number().int(), pending: z.number().int(), confirmedBySite: z.number().int(), removed: z.number().int(),
    stuck: z.number().int(), cancelled: z.number().int(),
  }),
  engines: z.object({ engineA: engineProgress, engineB: engineProgress }),
  medianDaysToRemoval: z.number().nullable().describe("Declared → removed by every connected engine, in days"),
  stuckReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })).describe("Why stuck URLs are stuck, most frequent first"),
  sitemapUrl: z.string().nullable().describe("The public, unguessable address of the removal sitemap; null once cancelled"),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
});
export type RemovalBatchResponse = z.infer<typeof RemovalBatchResponse>;

export const RemovalWarning = z.object({ code: z.enum(["blocked_intent", "redirect_off_site", "still_in_sitemap"]), message: z.string(), urls: z.array(z.string()).optional() });
export type RemovalWarning = z.infer<typeof RemovalWarning>;
export const CreateRemovalResponse = RemovalBatchResponse.extend({ warnings: z.array(RemovalWarning) });

const engineView = z.object({ state: z.string().nullable(), observedAt: z.string().nullable(), removedAt: z.string().nullable(), daysToRemoval: z.number().nullable() });
export const RemovalUrlResponse = z.object({
  id: z.uuid(),
  removalId: z.uuid(),
  trackedUrlId: z.uuid(),
  url: z.string(),
  intent: z.enum(REMOVAL_INTENTS),
  redirectTarget: z.string().nullable(),
  state: z.enum(REMOVAL_URL_STATES),
  site: z.object({
    confirmed: z.boolean().nullable().describe("Our audit agrees with the intent (null: not checked yet)"),
    reason: z.string().nullable().describe("What our audit sees, in words"),
    httpStatus: z.number().int().nullable(),
    checkedAt: z.string().nullable(),
  }),
  engines: z.object({ engineA: engineView, engineB: engineView }),
  declaredAt: z.string(),
  confirmedBySiteAt: z.string().nullable(),
  removedAt: z.string().nullable(),
  stuckAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type RemovalUrlResponse = z.infer<typeof RemovalUrlResponse>;

export const RemovalSuggestion = z.object({
  trackedUrlId: z.uuid(),
  url: z.string(),
  intent: z.enum(["gone", "redirected"]),
  redirectTarget: z.string().nullable(),
  httpStatus: z.number().int().nullable(),
  leftSitemapAt: z.string(),
});
export type RemovalSuggestion = z.infer<typeof RemovalSuggestion>;

export const RemovalsListMeta = z.object({
  total: z.number().int(), offset: z.number().int(), limit: z.number().int(), hasMore: z.boolean(),
  suggestions: z.array(RemovalSuggestion).describe("URLs that left the sitemap and now answer 404/410 or redirect: offered as removals, never declared silently"),
  suggestionsTotal: z.number().int(),
});
export type RemovalsListMeta = z.infer<typeof RemovalsListMeta>;
