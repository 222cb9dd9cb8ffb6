"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { QueryError } from "@/components/ui/query-error";
import { SettingsSkeleton } from "@/components/ui/skeleton";
import { deleteWebhook, rotateWebhookSecret, sendTestEvent, updateWebhook, webhookKeys, webhooksQuery, type CreatedWebhook, type Webhook } from "@/lib/queries/webhooks";
import { DEFAULT_PREVIOUS_SECRET_HOURS } from "@/lib/webhooks/secret-rotation";
import { CreatedWebhookNotice } from "./created-webhook-notice";
import { CreateWebhookDialog } from "./create-webhook-dialog";
import { DeliveryLog } from "./delivery-log";

/** Settings → Webhooks: the organization's endpoints, their state and delivery logs. Owners and admins manage them. */
export function WebhooksClient({ organizationId, organizationName, canManage }: { organizationId: string; organizationName: string; canManage: boolean }) {
  const hooks = useQuery(webhooksQuery(organizationId));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ webhook: CreatedWebhook; rotated: boolean } | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [keepPrevious, setKeepPrevious] = useState(true);
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(organizationId) });

  const toggle = useMutation({
    mutationFn: (w: Webhook) => updateWebhook(organizationId, w.id, { enabled: !w.enabled }),
    onSuccess: async (w) => {
      setNotice(w.enabled ? `Deliveries to ${w.url} resumed.` : `Deliveries to ${w.url} paused.`);
      await refresh();
    },
  });
  const test = useMutation({
    mutationFn: (w: Webhook) => sendTestEvent(organizationId, w.id),
    onSuccess: async (d, w) => {
      setNotice(d.status === "succeeded" ? `Test event delivered to ${w.url} (HTTP ${d.lastStatusCode}, ${d.lastDurationMs} ms).` : `Test event to ${w.url} failed: ${d.lastError ?? "no answer"}.`);
      setOpen(w.id);
      await refresh();
    },
  });

  const addButton = canManage && (
    <Button onClick={() => setCreating(true)} aria-haspopup="dialog">
      Add endpoint
    </Button>
  );

  return (
    <section aria-labelledby="webhooks-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="webhooks-heading" className="text-lg font-semibold">Webhooks</h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            Send {organizationName}&apos;s events (issues opening and resolving, URLs dropped from an index, syncs and imports finishing) to your own systems or a Slack
            channel. Deliveries are signed (Standard Webhooks) and retried for a day.
            {!canManage && " Only owners and admins can add or change endpoints."}
          </p>
        </div>
        {hooks.data && hooks.data.length > 0 && addButton}
      </div>
      <p role="status" className="text-sm text-emerald-800 empty:hidden">{notice}</p>
      {(toggle.isError || test.isError) && <ErrorAlert error={toggle.error ?? test.error} />}
      {created && <CreatedWebhookNotice created={created.webhook} rotated={created.rotated} onDismiss={() => setCreated(null)} />}

      {hooks.isPending ? (
        <SettingsSkeleton label="Loading webhooks…" />
      ) : hooks.isError ? (
        <QueryError error={hooks.error} retry={hooks.refetch} />
      ) : hooks.data.length === 0 ? (
        <EmptyState title="No webhook endpoints yet" headingLevel={3} action={addButton}>
          Add an endpoint to hear about new issues and dropped pages the moment we see them: a URL of yours, or a Slack incoming webhook.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {hooks.data.map((w) => (
            <li key={w.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="wrap-anywhere font-mono text-sm text-slate-900">{w.url}</p>
                  {w.description && <p className="mt-0.5 text-sm text-slate-600">{w.description}</p>}
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    {w.enabled ? <Badge tone="success">Active</Badge> : w.disabledAt ? <Badge tone="danger">Disabled after failing</Badge> : <Badge>Paused</Badge>}
                    {w.enabled && w.failingSince && <Badge tone="warning">Failing since {formatDateTime(w.failingSince)}</Badge>}
                    <Badge tone="info">{w.format === "slack" ? "Slack" : "Standard Webhooks"}</Badge>
                    <span>{w.events.join(", ")}</span>
                    {w.previousSecretExpiresAt && <Badge tone="warning">Previous secret signs until {formatDateTime(w.previousSecretExpiresAt)}</Badge>}
                  </p>
                  {w.disabledReason && <p className="mt-1 text-xs text-red-800">{w.disabledReason}</p>}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" className="px-3 py-1.5" aria-expanded={open === w.id} aria-controls={`log-${w.id}`} onClick={() => setOpen(open === w.id ? null : w.id)}>
                    {open === w.id ? "Hide deliveries" : "Deliveries"}
                  </Button>
                  {canManage && (
                    <>
                      <Button variant="secondary" className="px-3 py-1.5" disabled={test.isPending} onClick={() => test.mutate(w)}>
                        {test.isPending && test.variables?.id === w.id ? "Sending…" : "Send test"}
                      </Button>
                      <Button variant="secondary" className="px-3 py-1.5" disabled={toggle.isPending} onClick={() => toggle.mutate(w)}>
                        {w.enabled ? "Pause" : "Enable"}
                      </Button>
                      <Button variant="secondary" className="px-3 py-1.5" onClick={() => { setKeepPrevious(true); setRotating(w); }} aria-haspopup="dialog">
                        Rotate secret
                      </Button>
                      <Button variant="ghost" className="px-3 py-1.5 text-red-700" onClick={() => setDeleting(w)} aria-haspopup="dialog">
                        Delete
                      </Button>
                    </>
                  )}
                </div>
              </div>
              {open === w.id && (
                <div id={`log-${w.id}`} className="mt-4 border-t border-slate-100 pt-4">
                  <DeliveryLog organizationId={organizationId} webhook={w} canManage={canManage} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      {creating && (
        <CreateWebhookDialog
          organizationId={organizationId}
          onClose={() => setCreating(false)}
          onCreated={(w) => {
            setCreating(false);
            setCreated({ webhook: w, rotated: false });
            setNotice("");
          }}
        />
      )}
      {rotating && (
        <ConfirmDialog
          title="Rotate the signing secret?" confirmLabel="Rotate secret" busyLabel="Rotating…" onClose={() => setRotating(null)}
          options={
            <fieldset className="space-y-2">
              <legend className="sr-only">The previous secret</legend>
              <label className="flex items-start gap-2">
                <input type="radio" name="keep-previous" className="mt-1" checked={keepPrevious} onChange={() => setKeepPrevious(true)} />
                <span>Keep the previous secret signing too for {DEFAULT_PREVIOUS_SECRET_HOURS} hours, so the receiver keeps verifying while you update it.</span>
              </label>
              <label className="flex items-start gap-2">
                <input type="radio" name="keep-previous" className="mt-1" checked={!keepPrevious} onChange={() => setKeepPrevious(false)} />
                <span>Stop the previous secret now (it leaked): deliveries fail verification until the receiver has the new one.</span>
              </label>
            </fieldset>
          }
          onConfirm={async () => {
            const w = await rotateWebhookSecret(organizationId, rotating.id, keepPrevious ? DEFAULT_PREVIOUS_SECRET_HOURS : 0);
            setRotating(null);
            setNotice("");
            setCreated({ webhook: w, rotated: true });
            await refresh();
          }}
        >
          <p>A new secret signs every delivery to <span className="wrap-anywhere font-mono">{rotating.url}</span> from now on; it is shown once.</p>
        </ConfirmDialog>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this endpoint?" confirmLabel="Delete endpoint" busyLabel="Deleting…" danger onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteWebhook(organizationId, deleting.id);
            setNotice(`Endpoint ${deleting.url} deleted.`);
            setDeleting(null);
            await refresh();
          }}
        >
          Nothing more will be sent to <span className="wrap-anywhere font-mono">{deleting.url}</span>, and its delivery log is deleted with it.
        </ConfirmDialog>
      )}
    </section>
  );
}
