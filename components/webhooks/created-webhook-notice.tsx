"use client";

import { SecretOnceNotice } from "@/components/ui/secret-once-notice";
import type { CreatedWebhook } from "@/lib/queries/webhooks";

/** The signing secret, shown once right after creation. */
export function CreatedWebhookNotice({ created, onDismiss }: { created: CreatedWebhook; onDismiss: () => void }) {
  return (
    <SecretOnceNotice heading="Endpoint added" label="Signing secret" value={created.secret} onDismiss={onDismiss} testId="created-webhook">
      <p>
        <strong>Copy the signing secret now: it will not be shown again.</strong> Verify each delivery&apos;s <code className="font-mono">webhook-signature</code> header
        with it, using any Standard Webhooks library.
      </p>
    </SecretOnceNotice>
  );
}
