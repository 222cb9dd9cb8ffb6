// The last domain events this process sent (name, data, dedup id), newest last: an observable
// record for tests and debugging, bounded so it never grows.
export type SentEvent = { name: string; data: Record<string, unknown>; id?: string; at: Date };

const MAX = 500;
const g = globalThis as unknown as { __sentEvents?: SentEvent[] };
const log = (g.__sentEvents ??= []);

export function recordSentEvent(e: Omit<SentEvent, "at">): void {
  log.push({ ...e, at: new Date() });
  if (log.length > MAX) log.splice(0, log.length - MAX);
}

/** Events sent by this process, oldest first, optionally only those of one name. */
export function recentEvents(name?: string): readonly SentEvent[] {
  return name ? log.filter((e) => e.name === name) : [...log];
}
