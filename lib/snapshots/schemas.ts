import { z } from "zod";

const counter = z.number().int().min(0);

/** SPEC.md WebsiteSnapshot: the nine counters of one project on one UTC date; immutable. */
export const WebsiteSnapshotResponse = z.object({
  id: z.uuid(), organizationId: z.uuid(), projectId: z.uuid(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe("UTC calendar date"),
  totalUrls: counter, healthyUrls: counter, brokenUrls: counter, redirectedUrls: counter, indexedUrls: counter,
  notIndexedUrls: counter, staleUrls: counter, openIssues: counter, urlsWithIssues: counter,
  createdAt: z.string(),
});
export type WebsiteSnapshotResponse = z.infer<typeof WebsiteSnapshotResponse>;

export const SNAPSHOT_DAYS = { min: 1, max: 365, default: 30 } as const;

/** `days`: a number, clamped to 1-365 (default 30); anything that is not a number is a 400. */
export const snapshotsQuery = z.object({
  days: z.preprocess(
    (v) => (v === undefined || v === "" ? undefined : v),
    z.coerce.number({ error: "days must be a number" }).refine(Number.isFinite, "days must be a number")
      .transform((n) => Math.min(SNAPSHOT_DAYS.max, Math.max(SNAPSHOT_DAYS.min, Math.floor(n))))
      .default(SNAPSHOT_DAYS.default),
  ).describe("Days back from today (UTC), clamped to 1-365; default 30"),
});
