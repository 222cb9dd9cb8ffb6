import { Cron } from "croner";
import { internalEvents, type InngestFunction } from "inngest";
import { dispatchInProcess } from "./dispatch-in-process";
import { runInProcess } from "./in-process-runner";
import { disabledInProcessCrons, inngestConfigured, inProcessJobsDisabled } from "./mode";
import { jobFunctions, registerJobFunctions } from "./registry";
import { cronTriggers } from "./triggers";

export type CronRun = { status: "completed"; output: unknown } | { status: "skipped"; reason: "already-running" };
export type ScheduledJob = { functionId: string; cron: string; nextRun: Date | null };

// On globalThis: Next.js can load this module more than once (instrumentation, route bundles, HMR).
const g = globalThis as unknown as { __inProcessCrons?: { crons: Cron[] }; __cronRunning?: Set<string> };
const running = (g.__cronRunning ??= new Set<string>());

/**
 * Registers `fns` for in-process runs (events) and schedules every cron-triggered one (UTC unless the
 * expression says `TZ=...`) but those DISABLE_IN_PROCESS_CRONS names. Idempotent; returns false when Inngest runs the
 * crons or DISABLE_IN_PROCESS_JOBS=1.
 */
export function startInProcessJobs(fns: InngestFunction.Any[]): boolean {
  if (g.__inProcessCrons) return true;
  registerJobFunctions(fns);
  if (inProcessJobsDisabled() || inngestConfigured()) return false;
  const off = disabledInProcessCrons();
  const crons = fns.filter((fn) => !off.has(fn.id())).flatMap((fn) => cronTriggers(fn).map((expr) => schedule(fn, expr)));
  g.__inProcessCrons = { crons };
  console.info(`[jobs] in-process scheduler: ${crons.map((c) => c.name).join(", ") || "no crons"}`);
  return true;
}

export function stopInProcessJobs(): void {
  g.__inProcessCrons?.crons.forEach((c) => c.stop());
  g.__inProcessCrons = undefined;
}

export function scheduledJobs(): ScheduledJob[] {
  return (g.__inProcessCrons?.crons ?? []).map((c) => {
    const [functionId, cron] = c.name!.split("|") as [string, string];
    return { functionId, cron, nextRun: c.nextRun() };
  });
}

/** Runs a cron function now, as its schedule would (tests, CLI). Skips while a run of it is in progress. */
export async function triggerCronNow(functionId: string, fns?: InngestFunction.Any[]): Promise<CronRun> {
  const fn = (fns ?? (await jobFunctions())).find((f) => f.id() === functionId);
  const expr = fn && cronTriggers(fn)[0];
  if (!fn || !expr) throw new Error(`No cron function with id ${functionId}`);
  return runCron(fn, expr);
}

async function runCron(fn: InngestFunction.Any, expr: string): Promise<CronRun> {
  if (running.has(fn.id())) return { status: "skipped", reason: "already-running" };
  running.add(fn.id());
  try {
    const event = { name: internalEvents.ScheduledTimer, data: { cron: expr }, id: crypto.randomUUID(), ts: Date.now() };
    return { status: "completed", output: await runInProcess(fn, event, { emit: dispatchInProcess }) };
  } finally {
    running.delete(fn.id());
  }
}

function schedule(fn: InngestFunction.Any, expr: string): Cron {
  const match = /^TZ=(\S+)\s+(.+)$/.exec(expr.trim());
  const [timezone, pattern] = match ? [match[1], match[2]] : ["UTC", expr];
  return new Cron(pattern, { name: `${fn.id()}|${expr}`, timezone }, async () => {
    try {
      const run = await runCron(fn, expr);
      if (run.status === "skipped") console.warn(`[jobs] ${fn.id()}: previous run still in progress; skipped`);
    } catch (error) {
      console.error(`[jobs] cron ${fn.id()} failed`, error);
    }
  });
}
