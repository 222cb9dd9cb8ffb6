"use client";

import { useEffect, useRef, type ReactNode } from "react";

/** One step of the setup: its heading takes the focus when the step appears (after the first render). */
export function StepPanel({ title, intro, children, focusOnMount }: { title: string; intro?: ReactNode; children: ReactNode; focusOnMount: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <section aria-labelledby="setup-step-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div>
        <h2 id="setup-step-heading" ref={ref} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {title}
        </h2>
        {intro && <div className="mt-1 max-w-prose text-sm text-slate-600">{intro}</div>}
      </div>
      {children}
    </section>
  );
}
