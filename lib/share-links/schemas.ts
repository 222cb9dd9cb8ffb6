import { z } from "zod";
import { uuidParam } from "@/lib/core/params";
import { paginationQuery } from "@/lib/core/pagination";

export const MIN_SHARE_DAYS = 1;
export const MAX_SHARE_DAYS = 365;
/** Links that still answer (not expired, not revoked) per project: enough for every client contact, not a URL factory. */
export const MAX_ACTIVE_SHARE_LINKS = 50;

export const shareLinkParams = z.object({ organizationId: uuidParam, id: uuidParam, shareLinkId: uuidParam });

export const createShareLinkBody = z.strictObject({
  expiresInDays: z.number({ error: "expiresInDays must be a whole number of days" }).int("expiresInDays must be a whole number of days")
    .min(MIN_SHARE_DAYS, `A link lasts at least ${MIN_SHARE_DAYS} day`).max(MAX_SHARE_DAYS, `A link lasts at most ${MAX_SHARE_DAYS} days`)
    .describe(`Days until the link stops answering (${MIN_SHARE_DAYS}-${MAX_SHARE_DAYS})`),
});
export type CreateShareLinkBody = z.infer<typeof createShareLinkBody>;

export const listShareLinksQuery = paginationQuery;

export const SHARE_LINK_STATUSES = ["active", "expired", "revoked"] as const;

export const ShareLinkResponse = z.object({
  id: z.uuid(),
  url: z.string().nullable().describe("The link, to copy and send: while it answers; null once it has expired or was revoked, and in lists read "
    + "by an API key without projects:write (a live link outlives the key that read it)"),
  expiresAt: z.string(),
  createdAt: z.string(),
  lastViewedAt: z.string().nullable().describe("Last counted view: a full page load by a person (prefetches and link-preview bots are not counted)"),
  viewCount: z.number().int().min(0).describe("Views counted so far"),
  revokedAt: z.string().nullable(),
  status: z.enum(SHARE_LINK_STATUSES).describe("`active` answers; `expired` and `revoked` links answer a page saying so, without data"),
});
export type ShareLinkResponse = z.infer<typeof ShareLinkResponse>;
