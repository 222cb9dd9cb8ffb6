"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClasses } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { QueryError } from "@/components/ui/query-error";
import { invitesQuery, orgKeys, resendInvite, revokeInvite, sendInvite, type Invite } from "@/lib/queries/organization";

const STATUS: Record<Invite["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "warning" }, accepted: { label: "Accepted", tone: "success" },
  revoked: { label: "Revoked", tone: "neutral" }, expired: { label: "Expired", tone: "danger" },
};

/** Send invitations (owners and admins) and follow them: status, resend (new link), revoke. */
export function InvitationsSection({ organizationId, canInvite }: { organizationId: string; canInvite: boolean }) {
  const queryClient = useQueryClient();
  const invites = useQuery(invitesQuery(organizationId));
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Invite["role"]>("member");
  const [notice, setNotice] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: orgKeys.invites(organizationId) });
  const send = useMutation({
    mutationFn: () => sendInvite(organizationId, email.trim(), role),
    onSuccess: async (i) => {
      setNotice(`Invitation sent to ${i.email}.`);
      setEmail("");
      await refresh();
    },
  });
  const act = useMutation({
    mutationFn: ({ i, what }: { i: Invite; what: "resend" | "revoke" }) => (what === "resend" ? resendInvite(organizationId, i.id) : revokeInvite(organizationId, i.id)),
    onSuccess: async (i, { what }) => {
      setNotice(what === "resend" ? `A new link was sent to ${i.email}; the old one no longer works.` : `The invitation to ${i.email} was revoked.`);
      await refresh();
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    send.mutate();
  }

  return (
    <section aria-labelledby="invites-heading" className="space-y-3">
      <h2 id="invites-heading" className="text-lg font-semibold">Invitations</h2>
      <p role="status" className="text-sm text-emerald-800 empty:hidden">{notice}</p>
      {canInvite && (
        <form onSubmit={submit} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-1">
            <label htmlFor="invite-email" className="block text-sm font-medium text-slate-800">Email address</label>
            <input id="invite-email" type="email" required maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} className={inputClasses} placeholder="colleague@example.com" />
          </div>
          <div className="space-y-1">
            <label htmlFor="invite-role" className="block text-sm font-medium text-slate-800">Role</label>
            <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Invite["role"])} className={inputClasses}>
              <option value="member">Member: projects only</option>
              <option value="admin">Admin: also members, invitations, webhooks</option>
            </select>
          </div>
          <Button type="submit" disabled={send.isPending}>{send.isPending ? "Sending…" : "Send invitation"}</Button>
        </form>
      )}
      {(send.isError || act.isError) && <ErrorAlert error={send.error ?? act.error} />}
      {invites.isPending ? (
        <p className="text-sm text-slate-600">Loading invitations…</p>
      ) : invites.isError ? (
        <QueryError error={invites.error} retry={invites.refetch} />
      ) : invites.data.length === 0 ? (
        <p className="text-sm text-slate-600">No invitations yet.{canInvite && " Invite a colleague or a client: they get an email with a link that works for 7 days."}</p>
      ) : (
        <DataTable
          label="Invitations" caption="Invitations, newest first" testId="invites-table" rows={invites.data} rowKey={(i) => i.id}
          columns={[
            { key: "email", header: "Email", cell: (i) => <>{i.email}<span className="block text-xs text-slate-500">by {i.invitedByEmail ?? "—"}, sent {i.sentCount}×</span></> },
            { key: "role", header: "Role", className: "capitalize", cell: (i) => i.role },
            { key: "status", header: "Status", cell: (i) => <Badge tone={STATUS[i.status].tone}>{STATUS[i.status].label}</Badge> },
            { key: "expires", header: "Expires", className: "whitespace-nowrap", cell: (i) => (i.status === "pending" ? formatDateTime(i.expiresAt) : "—") },
            {
              key: "actions", header: <span className="sr-only">Actions</span>, align: "right",
              cell: (i) => canInvite && i.status === "pending" && (
                <div className="flex justify-end gap-2">
                  <Button variant="ghost" className="px-2 py-1" disabled={act.isPending} onClick={() => act.mutate({ i, what: "resend" })} aria-label={`Resend the invitation to ${i.email}`}>Resend</Button>
                  <Button variant="ghost" className="px-2 py-1 text-red-700" disabled={act.isPending} onClick={() => act.mutate({ i, what: "revoke" })} aria-label={`Revoke the invitation to ${i.email}`}>Revoke</Button>
                </div>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
