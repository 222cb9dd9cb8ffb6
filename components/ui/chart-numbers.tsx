"use client";

import { useState, type ReactNode } from "react";

/**
 * The numbers behind a chart: a "Show the numbers as a table" switch and the table it shows. The table is in the
 * accessibility tree either way (screen readers read it instead of the chart); shown, it scrolls inside a named
 * region that the keyboard reaches.
 */
export function ChartNumbers({ id, regionLabel, children }: { id: string; regionLabel: string; children: ReactNode }) {
  const [show, setShow] = useState(false);
  return (
    <>
      <button type="button" className="mt-2 text-sm font-medium text-brand-700 underline underline-offset-2" aria-expanded={show}
        aria-controls={id} onClick={() => setShow((v) => !v)}>
        {show ? "Hide the numbers" : "Show the numbers as a table"}
      </button>
      <div id={id} className={show ? "mt-2 max-h-72 overflow-auto" : "sr-only"} {...(show ? { role: "region", "aria-label": regionLabel, tabIndex: 0 } : {})}>
        {children}
      </div>
    </>
  );
}
