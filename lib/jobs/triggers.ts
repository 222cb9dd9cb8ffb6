import type { InngestFunction, StandardSchemaV1 } from "inngest";
import { assertEventData } from "./assert-event-data";

type RawTrigger = { event?: string | { name: string }; cron?: string; if?: string; schema?: StandardSchemaV1 };

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

/**
 * Rejects an event whose data does not match the schema of a trigger it starts (a catalogue event type
 * carries its payload schema), as Inngest does before it runs a function.
 */
export async function validateForTriggers(fns: InngestFunction.Any[], event: { name: string; data?: unknown }): Promise<void> {
  const schemas = fns.flatMap((fn) => triggersOf(fn).filter((t) => t.schema && t.event === event.name).map((t) => t.schema!));
  for (const schema of new Set(schemas)) await assertEventData(schema, event);
}
