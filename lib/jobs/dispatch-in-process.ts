import { randomUUID } from "node:crypto";
import { enqueue } from "./in-process-queue";
import { runInProcess, type Emit, type InProcessEvent } from "./in-process-runner";
import { jobFunctions } from "./registry";
import { triggeredBy, validateForTriggers } from "./triggers";

// Inngest ignores an event whose id it saw in the last 24 hours; the same here, within this process.
const DEDUP_MS = 24 * 3600_000;
const g = globalThis as unknown as { __seenEventIds?: Map<string, number> };
const seen = (g.__seenEventIds ??= new Map<string, number>());

/**
 * Queues, in this process, a run of every function one of these events triggers, and returns the
 * event ids. All payloads are validated against the triggers they start before any is queued.
 */
export const dispatchInProcess: Emit = async (payloads) => {
  const functions = await jobFunctions();
  for (const payload of payloads) await validateForTriggers(functions, payload);
  const now = Date.now();
  return payloads.map((payload) => {
    const event: InProcessEvent = { name: payload.name, data: payload.data ?? {}, id: payload.id ?? randomUUID(), ts: now };
    if (payload.id && isDuplicate(payload.id, now)) return event.id;
    for (const fn of functions.filter((f) => triggeredBy(f, event.name))) {
      enqueue(`${fn.id()} <- ${event.name} ${event.id}`, () => runInProcess(fn, event, { emit: dispatchInProcess }));
    }
    return event.id;
  });
};

function isDuplicate(id: string, now: number): boolean {
  // A Map iterates in insertion order, so expired ids sit at the front.
  for (const [key, at] of seen) {
    if (now - at < DEDUP_MS) break;
    seen.delete(key);
  }
  if (seen.has(id)) return true;
  seen.set(id, now);
  return false;
}
