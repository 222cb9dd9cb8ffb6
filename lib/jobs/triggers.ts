import type { InngestFunction } from "inngest";

type RawTrigger = { event?: string | { name: string }; cron?: string; if?: string };

const triggersOf = (fn: InngestFunction.Any) => (fn.opts.triggers ?? []) as RawTrigger[];

/** Cron expressions of a function, as written (Inngest allows a `TZ=Zone ` prefix). */
export function cronTriggers(fn: InngestFunction.Any): string[] {
  return triggersOf(fn).flatMap((t) => (t.cron ? [t.cron] : []));
}

/** Whether an event with this name starts the function (exact name or a `prefix/*` wildcard). */
export function triggeredBy(fn: InngestFunction.Any, eventName: string): boolean {
  return triggersOf(fn).some((t) => {
    const name = typeof t.event === "string" ? t.event : t.event?.name;
    if (!name) return false;
    // `if` expressions are evaluated by the Inngest server; in-process we refuse rather than guess.
    if (t.if) throw new Error(`${fn.id()}: trigger conditions ("if") are not supported in-process`);
    return name === eventName || (name.endsWith("/*") && eventName.startsWith(name.slice(0, -1)));
  });
}
