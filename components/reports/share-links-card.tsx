"use client";

import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable } from "@/components/ui/data-table";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClasses } from "@/components/ui/field";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { SecretOnceNotice } from "@/components/ui/secret-once-notice";
import { createShareLink, reportKeys, revokeShareLink, shareLinksQuery, type ShareLink } from "@/lib/queries/reports";
import type { ProjectPath } from "@/lib/queries/urls";

const EXPIRY_CHOICES = [[7, "7 days"], [30, "30 days"], [90, "90 days"], [180, "6 months"], [365, "1 year"]] as const;
const STATUS: Record<ShareLink["status"], [string, BadgeTone]> = { active: ["Active", "success"], expired: ["Expired", "neutral"], revoked: ["Revoked", "danger"] };

/** Read-only client links to the project: create one, copy it again while it answers, see views, revoke with confirmation. */
export function ShareLinksCard({ projectRef }: { projectRef: ProjectPath }) {
  const queryClient = useQueryClient();
  const expiryId = useId();
  const links = useQuery(shareLinksQuery(projectRef));
  const [days, setDays] = useState(30);
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportKeys.all(projectRef) });
  const create = useMutation({
    mutationFn: () => createShareLink(projectRef, days),
    onSuccess: async (link) => { setCreatedUrl(link.url); await refresh(); },
  });

  return (
    <Card>
      <section aria-labelledby="share-links-heading" className="space-y-4" data-testid="share-links">
        <div>
          <h2 id="share-links-heading" className="text-lg font-semibold">Share links</h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            A link your client opens without an account: this project&apos;s overview, trends and issues, read-only, nothing else of your
            organization. Search engines are told not to index it. It stops working when it expires, or at once when you revoke it.
          </p>
        </div>

        {createdUrl && (
          <SecretOnceNotice heading="Your share link is ready" label="Share link" value={createdUrl} onDismiss={() => setCreatedUrl(null)} testId="share-link-created">
            Send it to your client. Anyone with the link can read the report until it expires or you revoke it; you can copy it again from the list below while it is active.
          </SecretOnceNotice>
        )}

        <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => { e.preventDefault(); create.mutate(); }}>
          <div>
            <label htmlFor={expiryId} className="block text-sm font-medium text-slate-800">Expires after</label>
            <select id={expiryId} value={days} onChange={(e) => setDays(Number(e.target.value))} className={`${inputClasses} mt-1 w-40`}>
              {EXPIRY_CHOICES.map(([d, label]) => <option key={d} value={d}>{label}</option>)}
            </select>
          </div>
          <Button type="submit" disabled={create.isPending}>{create.isPending ? "Creating…" : "Create share link"}</Button>
        </form>
        {create.isError && <ErrorAlert error={create.error} />}

        {links.isPending ? (
          <ListSkeleton label="Loading share links…" rows={2} />
        ) : links.isError ? (
          <ErrorAlert error={links.error} />
        ) : links.data.data.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="share-links-empty">No share links yet.</p>
        ) : (
          <DataTable
            label="Share links" rows={links.data.data} rowKey={(l) => l.id} rowProps={(l) => ({ "data-testid": "share-link-row", "data-status": l.status })}
            columns={[
              { key: "created", header: "Created", className: "whitespace-nowrap", cell: (l) => <time dateTime={l.createdAt}>{formatDateTime(l.createdAt)}</time> },
              { key: "expires", header: "Expires", className: "whitespace-nowrap", cell: (l) => <time dateTime={l.expiresAt}>{formatDate(l.expiresAt)}</time> },
              { key: "status", header: "Status", cell: (l) => <Badge tone={STATUS[l.status][1]}>{STATUS[l.status][0]}</Badge> },
              { key: "views", header: "Views", align: "right", cell: (l) => <span data-testid="share-link-views">{l.viewCount.toLocaleString("en-US")}</span> },
              { key: "last", header: "Last viewed", className: "whitespace-nowrap", cell: (l) => (l.lastViewedAt ? <time dateTime={l.lastViewedAt}>{formatDateTime(l.lastViewedAt)}</time> : "Not yet") },
              {
                key: "actions", header: <span className="sr-only">Actions</span>, align: "right",
                cell: (l) => l.status === "active" && (
                  <span className="inline-flex flex-wrap items-center justify-end gap-2">
                    {l.url && <CopyButton value={l.url} label="Copy link" />}
                    <Button variant="secondary" onClick={() => setRevoking(l)} aria-label={`Revoke the link created ${formatDateTime(l.createdAt)}`}>Revoke</Button>
                  </span>
                ),
              },
            ]}
          />
        )}

        {revoking && (
          <ConfirmDialog title="Revoke this share link?" confirmLabel="Revoke link" busyLabel="Revoking…" danger onClose={() => setRevoking(null)}
            onConfirm={async () => { await revokeShareLink(projectRef, revoking.id); await refresh(); setRevoking(null); }}>
            Whoever has it sees &ldquo;This link has expired or was revoked&rdquo; from now on, with no data. This cannot be undone: create a new link to share again.
          </ConfirmDialog>
        )}
      </section>
    </Card>
  );
}
