import { inngest } from "@/lib/jobs/inngest-client";
import { validateEvent, type EventData, type EventName, type OutgoingEvent } from "@/lib/events/catalogue";
import { inngestConfigured } from "@/lib/jobs/mode";
import { recordSentEvent } from "./event-log";

export type { OutgoingEvent } from "@/lib/events/catalogue";

/**
 * The one way to emit a domain event. With an Inngest server it goes to Inngest; without one, every
 * function it triggers is queued in this process. `id` deduplicates (Inngest: 24 hours).
 * Rejects on invalid data, so a caller inside a transaction can roll back.
 */
export async function sendEvent<N extends EventName>(name: N, data: EventData<N>, opts: { id?: string } = {}): Promise<{ ids: string[] }> {
  return sendEvents([{ name, data, ...(opts.id ? { id: opts.id } : {}) } as OutgoingEvent]);
}

/** Several events in one send, in this order: all are validated first, and none is sent if one is invalid. */
export async function sendEvents(events: OutgoingEvent[]): Promise<{ ids: string[] }> {
  if (!events.length) return { ids: [] };
  for (const e of events) await validateEvent(e);
  const payloads = events.map((e) => ({ name: e.name, data: e.data as Record<string, unknown>, ...(e.id ? { id: e.id } : {}) }));
  payloads.forEach(recordSentEvent);
  if (inngestConfigured()) return { ids: (await inngest.send(payloads)).ids };
  // Loaded lazily: the in-process runner pulls in every function and, through them, the verbs.
  const { dispatchInProcess } = await import("@/lib/jobs/dispatch-in-process");
  return { ids: await dispatchInProcess(payloads) };
}
