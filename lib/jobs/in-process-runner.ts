import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { durationToMs, NonRetriableError, type InngestFunction } from "inngest";

export type InProcessEvent = { name: string; data: Record<string, unknown>; id: string; ts: number };
/** Sends events from `step.sendEvent`; returns their ids. */
export type Emit = (payloads: { name: string; data?: Record<string, unknown>; id?: string }[]) => Promise<string[]>;
export type RunOptions = { emit: Emit; retryDelayMs?: (failedAttempt: number) => number };

const MAX_ATTEMPTS = 3;
// A sleeping run lives only in this process's memory; longer waits need an Inngest server.
const MAX_SLEEP_MS = 15 * 60_000;
const defaultRetryDelay = (attempt: number) => 1000 * 4 ** attempt;

/**
 * Runs one Inngest function for one event without an Inngest server. Completed steps are memoized
 * by id for the run, so a retry re-enters the handler and only repeats the step that failed.
 * Resolves with the handler's output (JSON, as Inngest would return it); rejects after the last attempt.
 */
export async function runInProcess(fn: InngestFunction.Any, sent: InProcessEvent, opts: RunOptions): Promise<unknown> {
  // Handlers receive the event as JSON, as from Inngest, never the sender's own objects.
  const event = toJson(sent) as InProcessEvent;
  const handler = (fn as unknown as { fn?: (ctx: unknown) => unknown }).fn;
  if (typeof handler !== "function") throw new Error(`${fn.id()} has no handler`);
  const memo = new Map<string, unknown>();
  const runId = randomUUID();
  const attempts = Math.min(MAX_ATTEMPTS, (fn.opts.retries ?? MAX_ATTEMPTS - 1) + 1);
  const logger = prefixedLogger(fn.id());
  for (let attempt = 0; ; attempt++) {
    try {
      const step = stepTools(memo, opts.emit);
      return toJson(await handler({ event, events: [event], runId, attempt, step, logger }));
    } catch (error) {
      if (isNonRetriable(error) || attempt + 1 >= attempts) throw error;
      logger.warn(`attempt ${attempt + 1}/${attempts} failed; retrying`, error);
      await delay((opts.retryDelayMs ?? defaultRetryDelay)(attempt));
    }
  }
}

type StepId = string | { id: string };

function stepTools(memo: Map<string, unknown>, emit: Emit) {
  const seen = new Map<string, number>();
  // Inngest too gives a repeated step id a counter suffix, so loops over one id stay distinct.
  const once = async (idOrOpts: StepId, work: () => unknown) => {
    const base = typeof idOrOpts === "string" ? idOrOpts : idOrOpts.id;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    const key = n ? `${base}:${n}` : base;
    if (memo.has(key)) return memo.get(key);
    const value = toJson(await work());
    memo.set(key, value);
    return value;
  };
  const tools: Record<string, (...args: never[]) => unknown> = {
    run: (id: StepId, cb: (...a: unknown[]) => unknown, ...args: unknown[]) => once(id, () => cb(...args)),
    sendEvent: (id: StepId, payload: Parameters<Emit>[0] | Parameters<Emit>[0][number]) =>
      once(id, async () => ({ ids: await emit(Array.isArray(payload) ? payload : [payload]) })),
    sleep: (id: StepId, duration: number | string) => once(id, () => sleepFor(durationToMs(duration))),
    sleepUntil: (id: StepId, until: Date | string) => once(id, () => sleepFor(new Date(until).getTime() - Date.now())),
  };
  return new Proxy(tools, {
    get: (target, prop) => {
      if (typeof prop !== "string") return undefined;
      return target[prop] ?? (() => { throw new NonRetriableError(`step.${prop} needs an Inngest server; it is not available in-process`); });
    },
  });
}

async function sleepFor(ms: number) {
  if (ms > MAX_SLEEP_MS) throw new NonRetriableError(`In-process sleeps are limited to ${MAX_SLEEP_MS / 60_000} minutes`);
  if (ms > 0) await delay(ms);
}

const toJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

// By name too: Next.js may bundle a second copy of the SDK into a route, breaking instanceof.
const isNonRetriable = (error: unknown) =>
  error instanceof NonRetriableError || (error instanceof Error && error.name === "NonRetriableError");

function prefixedLogger(functionId: string) {
  const tag = `[jobs:${functionId}]`;
  return {
    debug: (...a: unknown[]) => console.debug(tag, ...a),
    info: (...a: unknown[]) => console.info(tag, ...a),
    warn: (...a: unknown[]) => console.warn(tag, ...a),
    error: (...a: unknown[]) => console.error(tag, ...a),
  };
}
