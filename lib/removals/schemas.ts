import { z } from "zod";
import { paginationQuery } from "@/lib/core/pagination";
import { uuidParam } from "@/lib/core/params";
import { urlFilterBody } from "@/lib/urls/schemas";
import { DEFAULT_STUCK_AFTER_DAYS, MAX_REMOVAL_URLS } from "./limits";

// Removals: URLs that should leave the index, followed until Google and Bing have dropped them (issue 25).

export const REMOVAL_INTENTS = ["gone", "redirected", "noindexed", "blocked"] as const;
export const REMOVAL_URL_STATES = ["pending", "confirmed_by_site", "removed", "stuck", "cancelled"] as const;
export const REMOVAL_BATCH_STATUSES = ["active", "cancelled", "finished"] as const;
export { DEFAULT_STUCK_AFTER_DAYS, MAX_REMOVAL_URLS };

const urlText = z.string().min(1).max(2048);
export const CreateRemovalBody = z.strictObject({
  urlIds: z.array(z.uuid()).min(1).max(MAX_REMOVAL_URLS).optional().describe("Tracked URL ids of the project"),
  urls: z.array(urlText).min(1).max(MAX_REMOVAL_URLS).optional().describe("Tracked URLs of the project, as listed"),
  filter: urlFilterBody.optional().describe("Every tracked URL the URL list's filters match (the query parameters of GET …/urls, at least one set; "
    + `at most ${MAX_REMOVAL_URLS.toLocaleString("en-US")} URLs); URLs already in an active removal are left out, with the warning \`already_in_removal\``),
  intent: z.enum(REMOVAL_INTENTS),
  redirectTarget: urlText.optional().describe("`redirected` only: where the URLs now redirect (absent: each URL's own audited redirect target, or any permanent redirect to a live page)"),
  stuckAfterDays: z.number().int().min(1).max(365).optional().describe(`Days after which a URL still indexed is stuck (default ${DEFAULT_STUCK_AFTER_DAYS})`),
}).refine((b) => (b.urlIds ? 1 : 0) + (b.urls ? 1 : 0) + (b.filter ? 1 : 0) === 1, { message: "Give one of urlIds, urls or filter", path: ["urlIds"] })
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
  redirectOffSite: z.boolean().describe("The redirect target (the batch's, or one of its URLs' own from a file import) is on another host than the project's"),
  stuckAfterDays: z.number().int(),
  status: z.enum(REMOVAL_BATCH_STATUSES),
  counts: z.object({
    total: z.number().int(), pending: z.number().int(), confirmedBySite: z.number().int(), removed: z.number().int(),
    stuck: z.number().int(), cancelled: z.number().int(),
    relisted: z.number().int().describe("Of the cancelled ones, URLs the sitemap listed again after the declaration: their removal was cancelled by itself"),
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

export const RemovalWarning = z.object({
  code: z.enum(["blocked_intent", "redirect_off_site", "still_in_sitemap", "already_in_removal"]), message: z.string(),
  urls: z.array(z.string()).optional().describe("The URLs concerned (at most 100)"),
});
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
  cancelledBecause: z.enum(["relisted", "cancelled"]).nullable()
    .describe("`relisted`: the sitemap listed the URL again after the declaration, so its removal was cancelled by itself; `cancelled`: the removal was cancelled"),
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

// Declaring by file import (POST …/removals/import).
const flag = z.preprocess((v) => (v === "" ? undefined : v), z.enum(["true", "false"]).optional()).transform((v) => v === "true");
export const removalImportQuery = z.object({
  preview: flag.describe("`true`: read and sort the file, declare nothing (200); otherwise declare (201)"),
  intent: z.preprocess((v) => (v === "" ? undefined : v), z.enum(REMOVAL_INTENTS).optional())
    .describe("The intent of rows whose own intent cell is empty (a plain-text file: every row)"),
  redirectTarget: urlText.optional().describe("`redirected` rows without their own target redirect here (absent: each URL's own audited redirect target, or any live page)"),
  stuckAfterDays: z.coerce.number().int().min(1).max(365).optional().describe(`Days after which a URL still indexed is stuck (default ${DEFAULT_STUCK_AFTER_DAYS})`),
  fileName: z.string().trim().min(1).max(255).optional().describe("Name recorded for a raw text/csv or text/plain body (default upload.csv / upload.txt)"),
});
export type RemovalImportQuery = z.infer<typeof removalImportQuery>;

export const RemovalImportResponse = z.object({
  preview: z.boolean().describe("true: nothing was declared; the counts say what would be"),
  fileName: z.string(),
  headerDetected: z.boolean(),
  columns: z.object({ url: z.string(), intent: z.string().nullable(), redirectTarget: z.string().nullable() })
    .describe("Which column was read as what: the header's label, or `column N` in a file without a header; null when not read"),
  totalRows: z.number().int().describe("Non-blank data rows"),
  declaredRows: z.number().int().describe("URLs declared (in a preview: that would be)"),
  skippedRows: z.number().int().describe("Rows left out, each counted under one reason"),
  intents: z.array(z.object({
    intent: z.enum(REMOVAL_INTENTS), urls: z.number().int(),
    redirectTarget: z.string().nullable().describe("The one target of every URL of this intent, if they share one"),
    ownRedirectTargets: z.number().int().describe("URLs with their own redirect target (from the file) when they do not share one"),
  })).describe("One batch per intent"),
  skippedByReason: z.array(z.object({ reason: z.string(), count: z.number().int(), message: z.string().describe("The reason in words") })),
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string(), message: z.string(), value: z.string().optional() }))
    .describe("The first 1,000 rows left out, by line (1-based physical line of the file)"),
  warnings: z.array(RemovalWarning),
  removals: z.array(RemovalBatchResponse).describe("The batches declared (empty in a preview)"),
});
export type RemovalImportResponse = z.infer<typeof RemovalImportResponse>;
