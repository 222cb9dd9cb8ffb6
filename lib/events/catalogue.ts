import { eventType, type StandardSchemaV1 } from "inngest";
import { z } from "zod";
import { IssueSeverity, IssueType } from "@/lib/db";
import { assertEventData } from "@/lib/jobs/assert-event-data";

// The event catalogue: every domain event, its name and its payload schema. Each is a trigger
// (`triggers: [issueResolved]`, typed `event.data` in the handler) and the schema that sendEvent
// (lib/events/send-event.ts), Inngest and the in-process runner all validate against. The domain owns
// it; inngest/ imports it.

// ─── Public domain events (also delivered to organizations' webhooks) ───────────────────────────

// An issue group opened, or reopened after it was resolved (an ignored group never reopens).
export const issueOpened = eventType("issue.opened", {
  schema: z.object({
    organizationId: z.uuid(),
    projectId: z.uuid(),
    issueId: z.uuid(),
    issueType: z.enum(IssueType),
    severity: z.enum(IssueSeverity),
    affectedUrlCount: z.number().int().min(0),
    reopened: z.boolean(),
    openedAt: z.iso.datetime(),
  }),
});

// An engine said indexed, now says not indexed; `cause` is the likely cause read from our own audits.
export const urlDroppedFromIndex = eventType("url.dropped_from_index", {
  schema: z.object({
    organizationId: z.uuid(),
    projectId: z.uuid(),
    trackedUrlId: z.uuid(),
    url: z.string(),
    engine: z.enum(["engineA", "engineB"]),
    from: z.string(),
    to: z.string(),
    cause: z.string(),
    observedAt: z.iso.datetime(),
  }),
});

// A project's sitemap sync finished (scheduled or requested), with what it found and admitted.
export const syncCompleted = eventType("sync.completed", {
  schema: z.object({
    organizationId: z.uuid(),
    projectId: z.uuid(),
    trigger: z.enum(["scheduled", "manual"]),
    status: z.enum(["completed", "partial"]),
    admitted: z.number().int().min(0),
    completedAt: z.iso.datetime(),
  }).loose(),
});

// A URL import committed all its rows.
export const importCompleted = eventType("import.completed", {
  schema: z.object({
    organizationId: z.uuid(),
    projectId: z.uuid(),
    importId: z.uuid(),
    insertedRows: z.number().int().min(0),
    skippedRows: z.number().int().min(0),
    completedAt: z.iso.datetime(),
  }),
});

// What both removal events say of the URL and its batch (lib/removals).
const removalUrlFields = {
  organizationId: z.uuid(),
  projectId: z.uuid(),
  removalId: z.uuid(),
  trackedUrlId: z.uuid(),
  url: z.string(),
  intent: z.enum(["gone", "redirected", "noindexed", "blocked"]),
  declaredAt: z.iso.datetime(),
};

// A URL of a removal batch is no longer indexed by any connected engine (lib/removals): when, and after how long.
export const urlRemoved = eventType("url.removed", {
  schema: z.object({
    ...removalUrlFields,
    removedAt: z.iso.datetime(),
    engineARemovedAt: z.iso.datetime().nullable(),
    engineBRemovedAt: z.iso.datetime().nullable(),
  }),
});

// A URL of a removal batch is still indexed after the batch's stuckAfterDays; `reason` is what our audit sees, in words.
export const removalStuck = eventType("removal.stuck", {
  schema: z.object({
    ...removalUrlFields,
    reason: z.string(),
    stuckAt: z.iso.datetime(),
    stuckAfterDays: z.number().int().min(1),
  }),
});

// The project's robots.txt changed (a new version became current; lib/site-watch): what it blocks and allows anew.
export const robotsTxtChanged = eventType("robots_txt.changed", {
  schema: z.object({
    organizationId: z.uuid(),
    projectId: z.uuid(),
    versionId: z.uuid(),
    previousVersionId: z.uuid().nullable(),
    httpStatus: z.number().int(),
    linesAdded: z.number().int().min(0),
    linesRemoved: z.number().int().min(0),
    googlebotNewlyBlocked: z.number().int().min(0),
    bingbotNewlyBlocked: z.number().int().min(0),
    importantBlocked: z.number().int().min(0),
    changedAt: z.iso.datetime(),
  }),
});

export const issueResolved = eventType("issue.resolved", {
  schema: z.object({
    organizationId: z.uuid(),
    projectId: z.uuid(),
    issueId: z.uuid(),
    resolvedAt: z.iso.datetime(),
    actorUserId: z.uuid().nullable(),
  }),
});

// An import preview was confirmed: insert its net-new rows chunk by chunk (id = the import id).
export const urlImportCommitRequested = eventType("url-import/commit.requested", {
  schema: z.object({ organizationId: z.uuid(), projectId: z.uuid(), importId: z.uuid() }),
});

// A project's pending URLs should go to IndexNow (lib/indexnow/request-project-submission.ts).
export const indexNowSubmissionRequested = eventType("indexnow/submission.requested", {
  schema: z.object({
    organizationId: z.uuid(),
    projectId: z.uuid(),
    trigger: z.enum(["urls_admitted", "lastmod_changed", "audit_changed", "key_verified", "sweep", "continue"]).optional(),
  }),
});

// Apply a project's recorded IndexNow batches to its tracked URLs' IndexNow columns (lib/indexnow/settle-submissions.ts).
export const indexNowSettleRequested = eventType("indexnow/settle.requested", {
  schema: z.object({ organizationId: z.uuid(), projectId: z.uuid() }),
});

// An organization's inspection credits fell below CREDITS_LOW_THRESHOLD (once per crossing; notifications consume it).
export const creditsLow = eventType("credits/low", {
  schema: z.object({ organizationId: z.uuid(), balance: z.number().int().min(0), threshold: z.number().int().min(1) }),
});

// One project's daily sitemap sync, fanned out by sync-all-projects (id: sitemap-sync-{projectId}-{YYYY-MM-DD}).
export const sitemapSyncRequested = eventType("sitemap/sync.requested", {
  schema: z.object({ organizationId: z.uuid(), projectId: z.uuid() }),
});

/** The events organizations can subscribe their webhooks to. */
// An uploaded server log waits in its spool file: process it from its checkpoint (id = the import id; a resume adds its checkpoint).
export const logImportRequested = eventType("crawl-logs/import.requested", {
  schema: z.object({ organizationId: z.uuid(), projectId: z.uuid(), logImportId: z.uuid() }),
});

// A pushed batch's hits whose crawler claim needs reverse DNS wait in log_push_verifications (id = the row's id).
export const logPushVerifyRequested = eventType("crawl-logs/push.verify-requested", {
  schema: z.object({ organizationId: z.uuid(), projectId: z.uuid(), verificationId: z.uuid() }),
});

// Site watch (lib/site-watch): one field changing the same way on many URLs (a site change), its revert, a deploy recorded.
const siteChangeFields = {
  organizationId: z.uuid(),
  projectId: z.uuid(),
  siteChangeId: z.uuid(),
  field: z.string(),
  from: z.string(),
  to: z.string(),
  sections: z.array(z.string()),
  urlCount: z.number().int().min(0),
  sampleUrls: z.array(z.string()),
  firstSeenAt: z.iso.datetime(),
  deployId: z.uuid().nullable(),
  text: z.string(),
};
export const siteChangeDetected = eventType("site_change.detected", { schema: z.object(siteChangeFields) });
export const siteChangeReverted = eventType("site_change.reverted", { schema: z.object(siteChangeFields) });
export const deployRecorded = eventType("deploy.recorded", {
  schema: z.object({
    organizationId: z.uuid(), projectId: z.uuid(), deployId: z.uuid(), at: z.iso.datetime(), ref: z.string().nullable(), description: z.string().nullable(),
    source: z.enum(["api", "hook"]),
  }),
});
// Audit a project's sentinel pages now (a deploy was recorded; id = sentinels-{deployId}).
export const sentinelsRunRequested = eventType("site-watch/sentinels.requested", {
  schema: z.object({ organizationId: z.uuid(), projectId: z.uuid(), deployId: z.uuid().nullable() }),
});
// Compute a project's internal link graph now (on demand; the hourly sweep computes the others).
export const linkGraphRequested = eventType("links/graph.requested", {
  schema: z.object({ organizationId: z.uuid(), projectId: z.uuid() }),
});

// Diagnose a project now (lib/diagnosis): sent after what changes the facts of its rules (the link graph, an audit cycle, an engine sync).
export const diagnosisRequested = eventType("diagnosis/requested", {
  schema: z.object({ organizationId: z.uuid(), projectId: z.uuid() }),
});

export const PUBLIC_EVENT_TYPES = [issueOpened.name, issueResolved.name, urlDroppedFromIndex.name, syncCompleted.name, importCompleted.name, urlRemoved.name, removalStuck.name,
  siteChangeDetected.name, siteChangeReverted.name, deployRecorded.name, robotsTxtChanged.name] as const;
export type PublicEventType = (typeof PUBLIC_EVENT_TYPES)[number];
/** A public event as its consumers receive it. */
export type PublicEvent = { [T in PublicEventType]: { name: T; data: EventPayload<T> } }[PublicEventType];
export const isPublicEvent = <E extends { name: string }>(e: E): e is Extract<E, PublicEvent> => (PUBLIC_EVENT_TYPES as readonly string[]).includes(e.name);

export const events = {
  [issueOpened.name]: issueOpened,
  [urlDroppedFromIndex.name]: urlDroppedFromIndex,
  [syncCompleted.name]: syncCompleted,
  [importCompleted.name]: importCompleted,
  [sitemapSyncRequested.name]: sitemapSyncRequested,
  [creditsLow.name]: creditsLow,
  [issueResolved.name]: issueResolved,
  [urlImportCommitRequested.name]: urlImportCommitRequested,
  [indexNowSubmissionRequested.name]: indexNowSubmissionRequested,
  [indexNowSettleRequested.name]: indexNowSettleRequested,
  [logImportRequested.name]: logImportRequested,
  [logPushVerifyRequested.name]: logPushVerifyRequested,
  [urlRemoved.name]: urlRemoved,
  [removalStuck.name]: removalStuck,
  [siteChangeDetected.name]: siteChangeDetected,
  [siteChangeReverted.name]: siteChangeReverted,
  [deployRecorded.name]: deployRecorded,
  [sentinelsRunRequested.name]: sentinelsRunRequested,
  [linkGraphRequested.name]: linkGraphRequested,
  [robotsTxtChanged.name]: robotsTxtChanged,
  [diagnosisRequested.name]: diagnosisRequested,
} as const;

export type EventName = keyof typeof events;
/** What a producer sends for event N. */
export type EventData<N extends EventName> = StandardSchemaV1.InferInput<NonNullable<(typeof events)[N]["schema"]>>;
/** What a consumer receives for event N, once parsed. */
export type EventPayload<N extends EventName> = StandardSchemaV1.InferOutput<NonNullable<(typeof events)[N]["schema"]>>;
/** An event ready to send: its name, data of that name's shape, and the dedup id. */
export type OutgoingEvent = { [N in EventName]: { name: N; data: EventData<N>; id?: string } }[EventName];

/** Rejects a payload whose data does not match its registered schema; unknown names pass through. */
export async function validateEvent(payload: { name: string; data?: unknown }): Promise<void> {
  const schema = (events as Record<string, { schema?: StandardSchemaV1 }>)[payload.name]?.schema;
  if (schema) await assertEventData(schema, payload);
}

/** A handler's event data parsed by its catalogue schema (a bad payload is never retried). */
export function parseEventData<N extends EventName>(name: N, data: unknown): Promise<EventPayload<N>> {
  return assertEventData(events[name].schema as StandardSchemaV1<unknown, EventPayload<N>>, { name, data });
}
