"use client";

import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { SecretOnceNotice } from "@/components/ui/secret-once-notice";
import { createIngestToken, revokeIngestToken } from "@/lib/queries/crawl";
import type { ProjectPath } from "@/lib/queries/urls";

export type IngestTokenStatus = { exists: boolean; start: string | null; createdAt: string | null; lastUsedAt: string | null };

/** The project's log push token: create or rotate (shown once), revoke; with how a shipper uses it. */
export function IngestTokenCard({ projectRef, initial, pushUrl }: { projectRef: ProjectPath; initial: IngestTokenStatus; pushUrl: string }) {
  const [status, setStatus] = useState(initial);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const create = useMutation({
    mutationFn: () => createIngestToken(projectRef),
    onSuccess: (t) => { setSecret(t.token); setStatus({ exists: true, start: t.start, createdAt: t.createdAt, lastUsedAt: null }); },
  });

  return (
    <div className="space-y-3" data-testid="ingest-token-card">
      <p className="text-sm text-slate-700">
        Log shippers and CDN log push (Vector, Fluent Bit, Cloudflare Logpush) can send NDJSON batches, plain or gzip, to{" "}
        <code className="wrap-anywhere rounded bg-slate-100 px-1">POST {pushUrl}</code> with <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;token&gt;</code>.
        Send an <code className="rounded bg-slate-100 px-1">Idempotency-Key</code> header per batch: a batch sent twice counts once.
      </p>
      {secret && (
        <SecretOnceNotice heading="Copy your push token now" label="Push token" value={secret} onDismiss={() => setSecret(null)} testId="ingest-token-secret">
          It is shown only this once; we keep only a hash of it.
        </SecretOnceNotice>
      )}
      <p className="text-sm text-slate-800" aria-live="polite">
        {status.exists
          ? <>Token <code className="rounded bg-slate-100 px-1">{status.start}…</code> created {status.createdAt ? formatDateTime(status.createdAt) : ""}
            {status.lastUsedAt ? `, last used ${formatDateTime(status.lastUsedAt)}` : ", not used yet"}.</>
          : "No push token: pushes are refused."}
      </p>
      {create.isError && <ErrorAlert error={create.error} />}
      <div className="flex flex-wrap gap-2">
        <Button variant={status.exists ? "secondary" : "primary"} disabled={create.isPending} onClick={() => create.mutate()}>
          {create.isPending ? "Creating…" : status.exists ? "Rotate token" : "Create push token"}
        </Button>
        {status.exists && <Button variant="secondary" onClick={() => setConfirmRevoke(true)}>Revoke</Button>}
      </div>
      {confirmRevoke && (
        <ConfirmDialog title="Revoke the push token?" confirmLabel="Revoke token" busyLabel="Revoking…" danger onClose={() => setConfirmRevoke(false)}
          onConfirm={async () => {
            await revokeIngestToken(projectRef);
            setStatus({ exists: false, start: null, createdAt: null, lastUsedAt: null });
            setSecret(null);
            setConfirmRevoke(false);
          }}>
          Shippers using it are refused at once (401). Batches already accepted stay counted.
        </ConfirmDialog>
      )}
    </div>
  );
}
