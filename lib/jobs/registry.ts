import type { InngestFunction } from "inngest";

// The functions the in-process runner may run. lib/ never imports inngest/ (the job layer sits on top of the
// domain); whoever starts a process hands the list over: instrumentation.ts for the app, tests/setup-env.ts
// for the tests (lazily, on the first event). A process that registers none (a benchmark, a seed) runs no jobs:
// its events are dropped with one warning.
type Fns = InngestFunction.Any[];
const g = globalThis as unknown as { __jobFunctions?: Fns | (() => Promise<Fns>); __jobFunctionsWarned?: boolean };

export function registerJobFunctions(fns: Fns | (() => Promise<Fns>)): void {
  g.__jobFunctions = fns;
}

/** The registered functions (loaded once when registered lazily); empty, with a warning, when none are. */
export async function jobFunctions(): Promise<Fns> {
  const registered = g.__jobFunctions;
  if (!registered) {
    if (!g.__jobFunctionsWarned) console.warn("[jobs] no job functions registered in this process: events are not run here");
    g.__jobFunctionsWarned = true;
    return [];
  }
  if (typeof registered === "function") g.__jobFunctions = await registered();
  return g.__jobFunctions as Fns;
}
