import { systemCtx } from "@/lib/core/context";
import { InngestTestEngine, mockCtx } from "@inngest/test";
import type { EventPayload, InngestFunction } from "inngest";
import { Prisma, withTransaction, outsideTransaction } from "@/lib/db";

// Runs an Inngest function through the SDK's own engine (@inngest/test) as an Inngest server would: every step's
// result is memoized as JSON and replayed from it. @inngest/test alone memoizes the live object (a Date stays a
// Date), so each step.run result, and the function's own result, is checked and passed through JSON here: a
// value JSON would change (a Date, a Map, a Set, a BigInt, a class instance, undefined in an array, NaN) fails
// the run, and what later code receives is what it would receive from the server. step.sendEvent is a step
// that records its events (checked the same way) instead of sending them: the Inngest server is not here.

/** Where `value` would not come back from JSON as it is (undefined object properties drop harmlessly). */
export function jsonLosses(value: unknown, path = "$"): string[] {
  if (value === null || typeof value === "string" || typeof value === "boolean") return [];
  if (typeof value === "number") return Number.isFinite(value) ? [] : [`${path}: ${value} becomes null`];
  if (typeof value === "bigint") return [`${path}: a BigInt cannot be serialized`];
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return [`${path}: ${typeof value} is dropped`];
  if (Array.isArray(value)) return value.flatMap((v, i) => (v === undefined ? [`${path}[${i}]: undefined becomes null`] : jsonLosses(v, `${path}[${i}]`)));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const name = (value as object).constructor?.name ?? "an object";
    return [`${path}: a ${name} comes back as ${value instanceof Date ? "a string" : "a plain object"}`];
  }
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => (v === undefined ? [] : jsonLosses(v, `${path}.${k}`)));
}

/** The value as JSON gives it back (an Inngest step returning undefined memoizes null). */
const throughJson = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

export type InngestRun = {
  result: unknown;
  error: unknown;
  /** The id of each step.run that ran, in order (memoized replays do not count). */
  steps: string[];
  /** Every step.sendEvent payload, in order. */
  sent: Array<{ name: string; data?: unknown; id?: string }>;
};

/**
 * `memoized` gives steps a result as if an earlier request had run them (through JSON too): a sweep over every
 * project lists only this suite's projects, so that it never works on what parallel suites are in the middle of
 * (the listing verbs have tests of their own).
 */
export async function runUnderInngest(
  fn: InngestFunction.Any,
  opts: { events?: [EventPayload, ...EventPayload[]]; memoized?: Record<string, unknown> } = {},
): Promise<InngestRun> {
  const losses: string[] = [];
  const steps: string[] = [];
  const sent: InngestRun["sent"] = [];
  const engine = new InngestTestEngine({
    function: fn,
    ...(opts.events ? { events: opts.events } : {}),
    steps: Object.entries(opts.memoized ?? {}).map(([id, value]) => {
      losses.push(...jsonLosses(value).map((l) => `memoized step "${id}" ${l}`));
      return { id, handler: () => throughJson(value) };
    }),
    transformCtx: (raw) => {
      const ctx = mockCtx(raw) as unknown as { step: Record<string, (...args: unknown[]) => unknown> };
      const { run } = ctx.step;
      ctx.step.run = (id: unknown, work: unknown, ...rest: unknown[]) =>
        run(id, async (...args: unknown[]) => {
          steps.push(String(id));
          const value = await (work as (...a: unknown[]) => unknown)(...args);
          losses.push(...jsonLosses(value).map((l) => `step "${String(id)}" ${l}`));
          return throughJson(value);
        }, ...rest);
      ctx.step.sendEvent = (id: unknown, payload: unknown) =>
        run(id, () => {
          const list = (Array.isArray(payload) ? payload : [payload]) as InngestRun["sent"];
          losses.push(...jsonLosses(list).map((l) => `event "${String(id)}" ${l}`));
          sent.push(...throughJson(list));
          return { ids: list.map((e, i) => e.id ?? `${String(id)}-${i}`) };
        });
      return ctx as never;
    },
  });
  const out = await engine.execute();
  const result = "result" in out ? out.result : undefined;
  if (!("error" in out) || out.error === undefined) losses.push(...jsonLosses(result).map((l) => `the result ${l}`));
  if (losses.length) throw new Error(`${fn.id()} does not survive JSON between steps:\n  ${losses.join("\n  ")}`);
  return { result: throughJson(result), error: "error" in out ? out.error : undefined, steps, sent };
}

/**
 * Runs `work` while one transaction holds the rows `lockOthers` selects (FOR UPDATE): a global sweep that claims
 * with SKIP LOCKED (the outbox flush, webhook deliveries, issue digests) then passes by what parallel suites are in
 * the middle of and works on this suite's rows only. The embedded database has a single backend, where a second
 * transaction would wait for the first: there `work` runs as it is.
 */
export async function holdingOthers<T>(lockOthers: Prisma.Sql, work: () => Promise<T>): Promise<T> {
  if (process.env.TEST_EMBEDDED_DB) return work();
  return withTransaction(systemCtx("test"), async (ctx) => {
    const { tx } = ctx;
    await tx.$queryRaw(lockOthers);
    // The work is another party beside this transaction, not inside it (lib/db/transaction-scope.ts).
    return outsideTransaction(work);
  }, { timeout: 60_000 });
}
