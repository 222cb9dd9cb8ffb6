"use client";

/** A list of checkboxes, each with a monospace name and a line that says what it means (scopes, event types). */
export function CheckboxList<V extends string>({ idPrefix, items, checked, onChange }: {
  idPrefix: string; items: readonly { value: V; description: string }[]; checked: ReadonlySet<V>; onChange: (value: V, on: boolean) => void;
}) {
  return (
    <ul className="mt-2 grid gap-2 sm:grid-cols-2">
      {items.map(({ value, description }) => (
        <li key={value} className="flex items-start gap-2">
          <input
            id={`${idPrefix}-${value}`} type="checkbox" checked={checked.has(value)} onChange={(e) => onChange(value, e.target.checked)}
            aria-describedby={`${idPrefix}-${value}-desc`} className="mt-0.5 size-4 shrink-0 accent-brand-600"
          />
          <span>
            <label htmlFor={`${idPrefix}-${value}`} className="font-mono text-sm text-slate-900">{value}</label>
            <span id={`${idPrefix}-${value}-desc`} className="block text-xs text-slate-600">{description}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
