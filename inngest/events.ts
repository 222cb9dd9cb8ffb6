import { eventType, NonRetriableError, type StandardSchemaV1 } from "inngest";
import { z } from "zod";

// Domain events. Each is a trigger (`triggers: [issueResolved]`, typed `event.data` in the handler)
// and the schema that sendEvent, Inngest and the in-process runner all validate against.
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

export const events = {
  [creditsLow.name]: creditsLow,
  [issueResolved.name]: issueResolved,
  [urlImportCommitRequested.name]: urlImportCommitRequested,
  [indexNowSubmissionRequested.name]: indexNowSubmissionRequested,
  [indexNowSettleRequested.name]: indexNowSettleRequested,
} as const;

export type EventName = keyof typeof events;
export type EventData<N extends EventName> = StandardSchemaV1.InferInput<NonNullable<(typeof events)[N]["schema"]>>;

/** Rejects a payload whose data does not match its registered schema; unknown names pass through. */
export async function validateEvent(payload: { name: string; data?: unknown }): Promise<void> {
  const schema = (events as Record<string, { schema?: StandardSchemaV1 }>)[payload.name]?.schema;
  if (!schema) return;
  const result = await schema["~standard"].validate(payload.data ?? {});
  if (result.issues) {
    const detail = result.issues.map((i) => `${(i.path ?? []).map((p) => (typeof p === "object" ? p.key : p)).join(".") || "data"}: ${i.message}`);
    throw new NonRetriableError(`Invalid ${payload.name} event: ${detail.join("; ")}`);
  }
}
