import { SETUP_STEPS, type SetupStep } from "./steps";

/**
 * The setup steps in order; the current one carries aria-current="step", a skipped one stays "to do", and one that
 * ran into a problem (a site that did not answer) shows "!" instead of a tick.
 */
export function Stepper({ current, completed, attention = new Set() }: { current: SetupStep; completed: ReadonlySet<SetupStep>; attention?: ReadonlySet<SetupStep> }) {
  return (
    <ol aria-label="Setup steps" className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
      {SETUP_STEPS.map((step, i) => {
        const state = step.id === current ? "current" : completed.has(step.id) ? "done" : attention.has(step.id) ? "attention" : "todo";
        return (
          <li key={step.id} aria-current={state === "current" ? "step" : undefined} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={`inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold ${
                state === "done" ? "bg-emerald-600 text-white" : state === "current" ? "bg-brand-600 text-white" : state === "attention" ? "bg-amber-500 text-white" : "bg-slate-200 text-slate-700"
              }`}
            >
              {state === "done" ? "✓" : state === "attention" ? "!" : i + 1}
            </span>
            <span className={state === "current" ? "font-semibold text-slate-900" : "text-slate-600"}>
              {step.label}
              <span className="sr-only">{state === "done" ? " (done)" : state === "current" ? " (current step)" : state === "attention" ? " (needs attention)" : ""}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
