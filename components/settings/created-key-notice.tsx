"use client";

import { SecretOnceNotice } from "@/components/ui/secret-once-notice";
import type { CreatedApiKey } from "@/lib/queries/api-keys";

/** The full key, shown once right after creation. */
export function CreatedKeyNotice({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  return (
    <SecretOnceNotice heading={`API key “${created.name}” created`} label="Your new API key" value={created.key} onDismiss={onDismiss} testId="created-key">
      <p>
        <strong>Copy it now: it will not be shown again.</strong> Store it somewhere safe and send it in the <code className="font-mono">x-api-key</code> header.
      </p>
    </SecretOnceNotice>
  );
}
