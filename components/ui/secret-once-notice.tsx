"use client";

import { useEffect, useRef, useId, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * A secret shown once, right after it was made (an API key, a webhook signing secret): focused on arrival,
 * selectable, copyable, dismissed on purpose. It lives in component state only, never in a query cache.
 */
export function SecretOnceNotice({ heading, children, label, value, onDismiss, testId }: {
  heading: string; children: ReactNode; label: string; value: string; onDismiss: () => void; testId?: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border-2 border-amber-300 bg-amber-50 p-4 sm:p-6" data-testid={testId}>
      <h3 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="text-base font-semibold text-amber-950">{heading}</h3>
      <div className="mt-1 text-sm text-amber-900">{children}</div>
      <label htmlFor={`${id}-value`} className="mt-3 block text-sm font-medium text-amber-950">{label}</label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          id={`${id}-value`} readOnly value={value} onFocus={(e) => e.currentTarget.select()} spellCheck={false}
          className="min-w-0 flex-1 rounded-md border border-amber-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        <CopyButton value={value} />
      </div>
      <Button variant="secondary" className="mt-4" onClick={onDismiss}>Done, I have saved it</Button>
    </section>
  );
}
