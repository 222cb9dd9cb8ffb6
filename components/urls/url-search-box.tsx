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

  // The last search this box sent: the address coming back with it is its echo (the text may have moved on since);
  // any other value comes from elsewhere (back, forward, "Clear the search and filters") and replaces the text.
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) setText(value);
    sent.current = value;
  }, [value]);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);

  function apply(next: string) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (next === value) return;
    sent.current = next;
    onSearch(next, first.current);
    first.current = false;
  }

  return (
    <div className="min-w-64 flex-1 space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">Search URLs</label>
      <input
        id={id} type="search" value={text} maxLength={maxLength} autoComplete="off" spellCheck={false}
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
