import { z } from "zod";
import { uuidParam } from "@/lib/core/params";
import { paginationQuery } from "@/lib/core/pagination";
import { projectParams } from "@/lib/projects/schemas";
import { urlParams } from "@/lib/urls/schemas";

// Schemas of site watch part B: field history, site changes, sentinels, deploys (DESIGN.md "Site watch").

export const MAX_SENTINELS = 50;
export const SITE_CHANGE_STATUSES = ["open", "reverted", "intended"] as const;

export const urlChangesParams = urlParams;
export const urlChangesQuery = paginationQuery;
export const UrlFieldChangeResponse = z.object({
  observedAt: z.string(),
  field: z.string().describe("status, redirect_target, canonical, meta_robots, x_robots_tag, title, meta_description, h1, hreflang, structured_data_types, main_text_hash, word_count, internal_links"),
  from: z.string().nullable(),
  to: z.string().nullable(),
  source: z.enum(["audit", "sentinel", "render"]),
  text: z.string().describe("The change in words (\"Title changed from … to …\", \"noindex added\")"),
});

export const siteChangeParams = projectParams.extend({ changeId: uuidParam });
export const listSiteChangesQuery = paginationQuery.extend({
  status: z.preprocess((v) => (v === "" ? undefined : v), z.enum(SITE_CHANGE_STATUSES).optional()),
});
export const siteChangeUrlsQuery = paginationQuery;
export const SiteChangeResponse = z.object({
  id: z.uuid(),
  field: z.string(),
  from: z.string().describe("The normalised kind before (e.g. canonical `self`, meta robots `indexable`, status `200`)"),
  to: z.string().describe("The normalised kind after (e.g. canonical `home`, meta robots `noindex`, title `empty`, status `404`)"),
  text: z.string().describe("The change in words"),
  sections: z.array(z.string()).describe("First path segments of its URLs, most URLs first (\"\" is the root)"),
  urlCount: z.number().int().min(0),
  sampleUrls: z.array(z.string()),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  deployId: z.uuid().nullable().describe("The deploy recorded just before it was first seen"),
  status: z.enum(SITE_CHANGE_STATUSES),
  revertedAt: z.string().nullable(),
  source: z.string(),
});
export const SiteChangeDetailResponse = SiteChangeResponse.extend({
  urls: z.array(z.object({ url: z.string(), urlId: z.uuid(), observedAt: z.string() })),
  urlsMeta: z.object({ total: z.number().int(), offset: z.number().int(), limit: z.number().int(), hasMore: z.boolean() }),
});
export const patchSiteChangeBody = z.strictObject({ status: z.literal("intended", { error: "status must be \"intended\"" }) });

export const sentinelsBody = z.strictObject({
  auto: z.boolean({ error: "auto must be true or false" }),
  urls: z.array(z.string().max(2048, "A URL has at most 2,048 characters")).max(MAX_SENTINELS, `At most ${MAX_SENTINELS} sentinel URLs`).default([]),
});
export const SentinelsResponse = z.object({
  auto: z.boolean(),
  urls: z.array(z.string()).describe("The sentinel pages audited every 15 minutes (with `auto`, the ones chosen now)"),
  pages: z.array(z.object({ url: z.string(), lastAuditAt: z.string().nullable(), state: z.string(), httpStatus: z.number().int().nullable() })),
  lastRunAt: z.string().nullable(),
});

export const deployBody = z.strictObject({
  ref: z.string().trim().min(1).max(200, "ref has at most 200 characters").optional(),
  description: z.string().trim().max(2000, "description has at most 2,000 characters").optional(),
  at: z.iso.datetime({ offset: true, error: "at must be an ISO 8601 date-time" }).optional(),
});
export const DeployResponse = z.object({
  id: z.uuid(), at: z.string(), ref: z.string().nullable(), description: z.string().nullable(), source: z.enum(["api", "hook"]), createdAt: z.string(),
});
export const listDeploysQuery = paginationQuery;
export const DeployHookTokenResponse = z.object({ token: z.string().describe("Shown once"), start: z.string(), createdAt: z.string() });
