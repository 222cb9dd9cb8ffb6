import { inngest } from "@/lib/jobs/inngest-client";
import { validateEvent, type EventData, type EventName } from "@/lib/events/catalogue";
import { inngestConfigured } from "@/lib/jobs/mode";
import { recordSentEvent } from "./event-log";

/**
 * The one way to emit a domain event. With an Inngest server it goes to Inngest; without one, every
 * function it triggers is queued in this process. `id` deduplicates (Inngest: 24 hours).
 * Rejects on invalid data, so a caller inside a transaction can roll back.
 */
export async function sendEvent<N extends EventName>(name: N, data: EventData<N>, opts: { id?: string } = {}): Promise<{ ids: string[] }> {
  const payload = { name, data: data as Record<string, unknown>, ...(opts.id ? { id: opts.id } : {}) };
  await validateEvent(payload);
  recordSentEvent(payload);
  if (inngestConfigured()) return { ids: (await inngest.send(payload)).ids };
  // Loaded lazily: the in-process runner pulls in every function and, through them, the verbs.
  const { dispatchInProcess } = await import("@/lib/jobs/dispatch-in-process");
  return { ids: await dispatchInProcess([payload]) };
}
