"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/field";
import { leaveOrganization, deleteOrganization, deletedOrganizationsQuery, orgKeys, renameOrganization, type Member } from "@/lib/queries/organization";
import { BrandingSection } from "./branding-section";
import { InvitationsSection } from "./invitations-section";
import { MembersSection } from "./members-section";

type Props = { organizationId: string; name: string; personal: boolean; myRole: Member["role"]; myUserId: string; permissions: string[] };

/** Settings → Organization: its name, members, invitations, and leaving or deleting it. What a role cannot do is not offered. */
export function OrganizationSettings({ organizationId, name: initialName, personal, myRole, myUserId, permissions }: Props) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [name, setName] = useState(initialName);
  const [notice, setNotice] = useState("");
  const [leaving, setLeaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const can = (p: string) => permissions.includes(p);
  const rename = useMutation({
    mutationFn: () => renameOrganization(organizationId, name.trim()),
    onSuccess: async (o) => {
      setNotice(`Renamed to ${o.name}.`);
      await queryClient.invalidateQueries({ queryKey: orgKeys.all(organizationId) });
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    rename.mutate();
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby="org-heading" className="space-y-3">
        <h2 id="org-heading" className="text-lg font-semibold">Organization</h2>
        <p className="text-sm text-slate-600">
          Your role: <strong className="capitalize">{myRole}</strong>. Owners can do everything; admins manage projects, members (except owners), invitations, branding and
          webhooks; members work on projects.
        </p>
        <p role="status" className="text-sm text-emerald-800 empty:hidden">{notice}</p>
        {rename.isError && <ErrorAlert error={rename.error} />}
        {can("organization.update") ? (
          <form onSubmit={submit} className="flex max-w-lg flex-col gap-2 sm:flex-row sm:items-end">
            <TextField label="Name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} className="flex-1" />
            <Button type="submit" variant="secondary" disabled={rename.isPending || name.trim() === initialName}>{rename.isPending ? "Saving…" : "Rename"}</Button>
          </form>
        ) : (
          <p className="text-sm text-slate-800">{initialName}</p>
        )}
      </section>

      <BrandingSection organizationId={organizationId} canEdit={can("branding.manage")} />
      <MembersSection organizationId={organizationId} myRole={myRole} myUserId={myUserId} />
      <InvitationsSection organizationId={organizationId} canInvite={can("invites.manage")} />

      <section aria-labelledby="danger-heading" className="space-y-3 rounded-lg border border-red-200 p-4">
        <h2 id="danger-heading" className="text-lg font-semibold text-red-900">Leave or delete</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setLeaving(true)} aria-haspopup="dialog">Leave organization</Button>
          {can("organization.delete") && !personal && (
            <Button variant="secondary" className="text-red-700" onClick={() => setDeleting(true)} aria-haspopup="dialog">Delete organization</Button>
          )}
        </div>
        {personal && <p className="text-sm text-slate-600">This is your personal organization: it is deleted with your account (Settings → Account).</p>}
      </section>

      {leaving && (
        <ConfirmDialog title="Leave this organization?" confirmLabel="Leave" busyLabel="Leaving…" danger onClose={() => setLeaving(false)}
          onConfirm={async () => {
            await leaveOrganization(organizationId);
            router.push("/projects");
            router.refresh();
          }}>
          You lose access to its projects, and your API keys for it stop working. The last owner cannot leave: make someone else owner first.
        </ConfirmDialog>
      )}
      {deleting && (
        <ConfirmDialog title={`Delete ${initialName}?`} confirmLabel="Delete organization" busyLabel="Deleting…" danger onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await deleteOrganization(organizationId);
            await queryClient.invalidateQueries({ queryKey: deletedOrganizationsQuery().queryKey });
            router.refresh(); // another organization's settings, and the deleted one under "Recently deleted" to undo it
          }}>
          It disappears for every member at once: its projects stop, its API keys stop working. For 30 days an owner can restore it from this page; then its data is purged.
        </ConfirmDialog>
      )}
    </div>
  );
}
