"use client";

import { useEffect, useId, useRef, useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { DEFAULT_URL_COLUMNS, URL_COLUMN_IDS, URL_COLUMN_LABELS, type UrlColumnId } from "./url-columns";

/**
 * "Columns": a disclosure with a checkbox per optional column (the URL column always shows). Escape or a click
 * outside closes it; the choice applies at once and is kept in this browser.
 */
export function ColumnChooser({ columns, onChange }: { columns: UrlColumnId[]; onChange: (next: UrlColumnId[]) => void }) {
  const id = useId();
  const ref = useRef<HTMLDetailsElement>(null);
  // The choices exist only while the disclosure is open: closed, nothing of it competes with the filters' labels.
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const close = (e: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !details.contains(e.target as Node)) {
        details.open = false;
        if (e instanceof KeyboardEvent) details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, []);

  const toggle = (column: UrlColumnId, on: boolean) => onChange(on ? [...columns, column] : columns.filter((c) => c !== column));

  return (
    <details ref={ref} className="relative" data-testid="column-chooser" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className={buttonClasses("secondary", "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
        Columns <span className="text-slate-600">({columns.length} of {URL_COLUMN_IDS.length})</span>
      </summary>
      {open && <fieldset className="absolute right-0 z-20 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
        <legend className="sr-only">Columns to show</legend>
        <p id={`${id}-hint`} className="mb-2 text-xs text-slate-600">The URL always shows. Your choice is kept in this browser.</p>
        <ul className="space-y-1.5" aria-describedby={`${id}-hint`}>
          {URL_COLUMN_IDS.map((c) => (
            <li key={c}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" className="size-4 rounded border-slate-400" checked={columns.includes(c)} onChange={(e) => toggle(c, e.target.checked)} />
                {URL_COLUMN_LABELS[c]}
              </label>
            </li>
          ))}
        </ul>
        <button type="button" className="mt-3 text-sm text-brand-700 underline underline-offset-2" onClick={() => onChange([...DEFAULT_URL_COLUMNS])}>
          Back to the default columns
        </button>
      </fieldset>}
    </details>
  );
}
