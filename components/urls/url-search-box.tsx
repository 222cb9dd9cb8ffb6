"use client";

import { useEffect, useId, useRef, useState } from "react";
import { inputClasses } from "@/components/ui/field";

const DEBOUNCE_MS = 300;

/**
 * The URL search (`q`: a case-insensitive substring of the URL). It applies 300 ms after the last keystroke, at
 * once on Enter, and when cleared; `onSearch(q, first)` says whether this is the first change since the box took
 * the focus, so that the page can add one history entry per search rather than one per keystroke. A change of the
 * address (back button) puts its text back in the box.
 */
export function UrlSearchBox({ value, onSearch, maxLength }: { value: string; onSearch: (q: string, first: boolean) => void; maxLength: number }) {
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const first = useRef(true);
  const input = useRef<HTMLInputElement>(null);

  // The address changed under the box (back, forward, "Clear filters"): show what it says, unless someone is typing.
  useEffect(() => {
    if (document.activeElement !== input.current) setText(value);
  }, [value]);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);

  function apply(next: string) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (next === value) return;
    onSearch(next, first.current);
    first.current = false;
  }

  return (
    <div className="min-w-0 flex-1 space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">Search URLs</label>
      <input
        ref={input} id={id} type="search" value={text} maxLength={maxLength} autoComplete="off" spellCheck={false}
        placeholder="Part of the URL, e.g. /blog/ or product-42" aria-describedby={`${id}-hint`}
        className={`${inputClasses} font-mono`}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          if (timer.current) clearTimeout(timer.current);
          timer.current = next === "" ? null : setTimeout(() => apply(next), DEBOUNCE_MS);
          if (next === "") apply("");
        }}
        onKeyDown={(e) => { if (e.key === "Enter") { e.preventDefault(); apply(text); } }}
        onFocus={() => { first.current = true; }}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">Any part of the address, upper or lower case alike; % and _ are matched as they are.</p>
    </div>
  );
}
