import type { RemovalBatch } from "@/lib/queries/removals";
import { count, days, ENGINE_NAMES } from "./labels";

const SEGMENTS = [
  { key: "removed", label: "removed", className: "bg-emerald-600" },
  { key: "confirmedBySite", label: "confirmed by site", className: "bg-sky-500" },
  { key: "pending", label: "pending", className: "bg-slate-300" },
  { key: "stuck", label: "stuck", className: "bg-red-600" },
] as const;

/** Per engine, one stacked bar (removed / confirmed by site / pending / stuck) with its numbers in words for everyone. */
export function RemovalProgress({ batch }: { batch: RemovalBatch }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {(["engineA", "engineB"] as const).map((engine) => {
        const e = batch.engines[engine];
        const total = e.pending + e.confirmedBySite + e.removed + e.stuck;
        const words = SEGMENTS.map((s) => `${count(e[s.key])} ${s.label}`).join(", ");
        return (
          <div key={engine} className="space-y-1" data-testid={`progress-${engine}`}>
            <div className="flex justify-between text-sm">
              <span className="font-medium text-slate-800">{ENGINE_NAMES[engine]}</span>
              <span className="text-slate-600">
                {e.connected ? `${count(e.removed)} of ${count(total)} removed` : "not connected"}
              </span>
            </div>
            <div role="img" aria-label={`${ENGINE_NAMES[engine]}: ${e.connected ? words : "not connected"}`} className="flex h-2.5 overflow-hidden rounded-full bg-slate-100">
              {e.connected && total > 0 && SEGMENTS.map((s) => (
                e[s.key] ? <div key={s.key} className={s.className} style={{ width: `${(e[s.key] / total) * 100}%` }} /> : null
              ))}
            </div>
            <p className="text-xs text-slate-600">
              {e.connected ? <>{words}{e.medianDaysToRemoval !== null && <> · median time to removal {days(e.medianDaysToRemoval)}</>}</> : "Connect it on the Connections page to follow this engine."}
            </p>
          </div>
        );
      })}
    </div>
  );
}
