"use client";

import { SecretOnceNotice } from "@/components/ui/secret-once-notice";
import type { CreatedWebhook } from "@/lib/queries/webhooks";
import { formatDateTime } from "@/components/ui/format";

/** The signing secret, shown once: right after creation, or after a rotation (with how long the old one still signs). */
export function CreatedWebhookNotice({ created, rotated = false, onDismiss }: { created: CreatedWebhook; rotated?: boolean; onDismiss: () => void }) {
  return (
    <SecretOnceNotice heading={rotated ? "New signing secret" : "Endpoint added"} label="Signing secret" value={created.secret} onDismiss={onDismiss} testId="created-webhook">
      <p>
        <strong>Copy the signing secret now: it will not be shown again.</strong> Verify each delivery&apos;s <code className="font-mono">webhook-signature</code> header
        with it, using any Standard Webhooks library.
        {rotated && (created.previousSecretExpiresAt
          ? ` Until ${formatDateTime(created.previousSecretExpiresAt)} deliveries also carry a signature made with the previous secret, so your receiver keeps working while you switch.`
          : " The previous secret no longer signs anything.")}
      </p>
    </SecretOnceNotice>
  );
}
