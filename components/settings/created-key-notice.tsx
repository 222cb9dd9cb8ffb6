"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import type { CreatedApiKey } from "@/lib/queries/api-keys";
import { CopyButton } from "@/components/ui/copy-button";

/** The full key, shown once right after creation; it lives in component state only, never in the query cache. */
export function CreatedKeyNotice({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section aria-labelledby="created-key-heading" className="rounded-lg border-2 border-amber-300 bg-amber-50 p-4 sm:p-6" data-testid="created-key">
      <h3 id="created-key-heading" ref={headingRef} tabIndex={-1} className="text-base font-semibold text-amber-950">
        API key “{created.name}” created
      </h3>
      <p className="mt-1 text-sm text-amber-900">
        <strong>Copy it now: it will not be shown again.</strong> Store it somewhere safe and send it in the <code className="font-mono">x-api-key</code> header.
      </p>
      <label htmlFor="created-key-value" className="mt-3 block text-sm font-medium text-amber-950">
        Your new API key
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          id="created-key-value"
          readOnly
          value={created.key}
          onFocus={(e) => e.currentTarget.select()}
          spellCheck={false}
          className="min-w-0 flex-1 rounded-md border border-amber-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        <CopyButton value={created.key} />
      </div>
      <Button variant="secondary" className="mt-4" onClick={onDismiss}>
        Done, I have saved it
      </Button>
    </section>
  );
}
