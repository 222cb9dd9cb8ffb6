import { z } from "zod";
import { paginationQuery } from "@/lib/core/pagination";
import { HEALTH_STATES, INDEXABILITIES, refineSelection, urlSelection } from "@/lib/urls/schemas";

export const INSPECTION_SOURCES = ["inspect_now", "scheduled", "requested", "sentinel"] as const;
export type InspectionSource = (typeof INSPECTION_SOURCES)[number];

/** The URLs to check again: ids (a selection) or the list's filters (everything they match), as every bulk action of the URL list takes them. */
export const inspectionsBody = z.strictObject(urlSelection).superRefine(refineSelection);

export const QueueInspectionsResponse = z.object({
  queued: z.number().int().min(0).describe("URLs newly queued"),
  alreadyQueued: z.number().int().min(0).describe("URLs that were already waiting in the queue"),
  unknown: z.number().int().min(0).describe("Ids that are not tracked URLs of this project (ignored)"),
});

export const URL_HISTORY_KINDS = ["audit", "engineA", "engineB"] as const;
/** Pagination, and optionally one kind of entry (the URL detail reads each engine's latest answer so). */
export const urlHistoryQuery = paginationQuery.extend({
  kind: z.preprocess((v) => (v === "" ? undefined : v), z.enum(URL_HISTORY_KINDS).optional()),
});

/** What one audit saw, as kept in the URL's history (`kind: "audit"`). */
export const AuditState = z.object({
  healthState: z.enum(HEALTH_STATES),
  httpStatus: z.number().int().nullable(),
  redirectHops: z.number().int().nullable(),
  redirectTarget: z.string().nullable(),
  healthError: z.string().nullable(),
  indexability: z.enum(INDEXABILITIES),
  canonicalUrl: z.string().nullable(),
  metaRobots: z.string().nullable(),
  xRobotsTag: z.string().nullable(),
  fetched: z.boolean().describe("False when no request was sent for the URL (robots.txt forbade it or could not be read)"),
  hops: z.array(z.object({ url: z.string(), status: z.number().int() })).describe("Every redirect answer, in order"),
  robots: z.object({
    robotsUrl: z.string(),
    status: z.union([z.number().int(), z.literal("unreachable")]),
    blockedFor: z.array(z.enum(["engineA", "engineB"])),
    rule: z.object({ line: z.number().int(), directive: z.enum(["allow", "disallow"]), value: z.string() }).nullable(),
  }).nullable(),
  wafVendor: z.string().nullable(),
  detected: z.array(z.string()).describe("URL-level issue types present after this audit"),
});
export type AuditState = z.infer<typeof AuditState>;

export const UrlHistoryEntryResponse = z.object({
  id: z.uuid(),
  observedAt: z.string(),
  kind: z.enum(["audit", "engineA", "engineB"]),
  state: z.record(z.string(), z.unknown()).describe("For `audit`: the AuditState (health, indexability, hops, robots rule, WAF vendor)"),
  changed: z.array(z.string()).describe("Fields that differ from the previous observation of the same kind (empty for the first)"),
  source: z.string().describe("`inspect_now`, `scheduled`, `requested` or `sentinel` for audits"),
});
