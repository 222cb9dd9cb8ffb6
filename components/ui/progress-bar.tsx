/** A determinate progress bar with an accessible name; `value` is clamped to 0…max; `valueText` ("40 of 100 URLs") is read instead of the number. */
export function ProgressBar({ label, value, max = 100, showValue = true, valueText }: { label: string; value: number; max?: number; showValue?: boolean; valueText?: string }) {
  const clamped = Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? Math.round((clamped / max) * 100) : 0;
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span className="text-slate-700">{label}</span>
        {showValue && <span className="tabular-nums text-slate-600">{percent}%</span>}
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={clamped} aria-valuetext={valueText} className="h-2 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
