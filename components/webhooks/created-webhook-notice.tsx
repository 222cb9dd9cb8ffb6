"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import type { CreatedWebhook } from "@/lib/queries/webhooks";

/** The signing secret, shown once right after creation; it lives in component state only. */
export function CreatedWebhookNotice({ created, onDismiss }: { created: CreatedWebhook; onDismiss: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="created-webhook-heading" className="rounded-lg border-2 border-amber-300 bg-amber-50 p-4 sm:p-6" data-testid="created-webhook">
      <h3 id="created-webhook-heading" ref={headingRef} tabIndex={-1} className="text-base font-semibold text-amber-950">
        Endpoint added
      </h3>
      <p className="mt-1 text-sm text-amber-900">
        <strong>Copy the signing secret now: it will not be shown again.</strong> Verify each delivery&apos;s <code className="font-mono">webhook-signature</code> header with
        it, using any Standard Webhooks library.
      </p>
      <label htmlFor="created-webhook-secret" className="mt-3 block text-sm font-medium text-amber-950">
        Signing secret
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          id="created-webhook-secret" readOnly value={created.secret} onFocus={(e) => e.currentTarget.select()} spellCheck={false}
          className="min-w-0 flex-1 rounded-md border border-amber-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        <CopyButton value={created.secret} />
      </div>
      <Button variant="secondary" className="mt-4" onClick={onDismiss}>
        Done, I have saved it
      </Button>
    </section>
  );
}
