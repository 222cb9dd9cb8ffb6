const n = (v: number) => v.toLocaleString("en-US");

/** "38%"; never "0%" for a few nor "100%" for not quite all. */
export function sharePercent(value: number, max: number): string {
  if (max <= 0 || value <= 0) return "0%";
  const rounded = Math.round((Math.min(value, max) / max) * 100);
  if (rounded === 0) return "<1%";
  if (rounded === 100 && value < max) return ">99%";
  return `${rounded}%`;
}

/**
 * One share as a list item: the label, "3 of 8 · 38%", and a bar whose accessible name (`name`, which says the
 * engine when the label alone would not) and value text carry the same numbers. `tone` is the fill's colour class.
 */
export function ShareBar({ label, name, value, max, tone, hint, unit = "URLs" }: {
  label: string; name: string; value: number; max: number; tone: string; hint?: string; unit?: string;
}) {
  const share = sharePercent(value, max);
  // A share above zero stays visible, however thin.
  const width = max > 0 && value > 0 ? Math.max(1, Math.min(100, (value / max) * 100)) : 0;
  return (
    <li className="space-y-1">
      <div className="flex items-baseline justify-between gap-x-3 text-sm">
        <span className="min-w-0 text-slate-800">{label}</span>
        <span className="shrink-0 whitespace-nowrap tabular-nums text-slate-600">{n(value)} of {n(max)} · {share}</span>
      </div>
      <div
        role="progressbar" aria-label={name} aria-valuemin={0} aria-valuemax={max} aria-valuenow={Math.min(value, max)}
        aria-valuetext={`${n(value)} of ${n(max)} ${unit} (${share})`} className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${width}%` }} />
      </div>
      {hint && <p className="text-xs text-slate-600">{hint}</p>}
    </li>
  );
}
