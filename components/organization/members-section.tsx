"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { QueryError } from "@/components/ui/query-error";
import { changeRole, membersQuery, orgKeys, removeMember, transferOwnership, type Member } from "@/lib/queries/organization";

type Role = Member["role"];
const ROLE_LABEL: Record<Role, string> = { owner: "Owner", admin: "Admin", member: "Member" };

/** Only owners touch owners (lib/auth/permissions.ts canManageRole): the same rule, to show only what will work. */
const canManage = (me: Role, target: Role) => me === "owner" || (me === "admin" && target !== "owner");

export function MembersSection({ organizationId, myRole, myUserId }: { organizationId: string; myRole: Role; myUserId: string }) {
  const queryClient = useQueryClient();
  const members = useQuery(membersQuery(organizationId));
  const [notice, setNotice] = useState("");
  const [removing, setRemoving] = useState<Member | null>(null);
  const [handing, setHanding] = useState<Member | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: orgKeys.all(organizationId) });
  const role = useMutation({
    mutationFn: ({ m, to }: { m: Member; to: Role }) => changeRole(organizationId, m.userId, to),
    onSuccess: async (m) => {
      setNotice(`${m.email} is now ${ROLE_LABEL[m.role].toLowerCase()}.`);
      await refresh();
    },
  });
  const managers = myRole === "owner" || myRole === "admin";

  return (
    <section aria-labelledby="members-heading" className="space-y-3">
      <h2 id="members-heading" className="text-lg font-semibold">Members</h2>
      <p role="status" className="text-sm text-emerald-800 empty:hidden">{notice}</p>
      {role.isError && <ErrorAlert error={role.error} />}
      {members.isPending ? (
        <p className="text-sm text-slate-600">Loading members…</p>
      ) : members.isError ? (
        <QueryError error={members.error} retry={members.refetch} />
      ) : (
        <DataTable
          label="Members" caption="Members of the organization, owners first" testId="members-table" rows={members.data.data} rowKey={(m) => m.userId}
          columns={[
            {
              key: "person", header: "Person",
              cell: (m) => <>{m.email}{m.userId === myUserId && <span className="ml-2 text-xs text-slate-500">(you)</span>}{m.name && <span className="block text-xs text-slate-600">{m.name}</span>}</>,
            },
            {
              key: "role", header: "Role",
              cell: (m) => managers && m.userId !== myUserId && canManage(myRole, m.role) ? (
                <select
                  aria-label={`Role of ${m.email}`} value={m.role} disabled={role.isPending}
                  onChange={(e) => role.mutate({ m, to: e.target.value as Role })}
                  className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                >
                  {(myRole === "owner" ? (["owner", "admin", "member"] as Role[]) : (["admin", "member"] as Role[])).map((r) => <option key={r} value={r}>{ROLE_LABEL[r]}</option>)}
                </select>
              ) : (
                <Badge tone={m.role === "owner" ? "info" : "neutral"}>{ROLE_LABEL[m.role]}</Badge>
              ),
            },
            { key: "active", header: "Last active", className: "whitespace-nowrap", cell: (m) => (m.lastActiveAt ? formatDateTime(m.lastActiveAt) : "Not yet") },
            {
              key: "actions", header: <span className="sr-only">Actions</span>, align: "right",
              cell: (m) => (
                <div className="flex justify-end gap-2">
                  {myRole === "owner" && m.userId !== myUserId && m.role !== "owner" && (
                    <Button variant="ghost" className="px-2 py-1" onClick={() => setHanding(m)} aria-haspopup="dialog">Make owner</Button>
                  )}
                  {managers && m.userId !== myUserId && canManage(myRole, m.role) && (
                    <Button variant="ghost" className="px-2 py-1 text-red-700" onClick={() => setRemoving(m)} aria-haspopup="dialog" aria-label={`Remove ${m.email}`}>Remove</Button>
                  )}
                </div>
              ),
            },
          ]}
        />
      )}
      {!managers && <p className="text-sm text-slate-600">Only owners and admins can change roles, remove members or invite people.</p>}
      {removing && (
        <ConfirmDialog title={`Remove ${removing.email}?`} confirmLabel="Remove member" busyLabel="Removing…" danger onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await removeMember(organizationId, removing.userId);
            setNotice(`${removing.email} was removed.`);
            setRemoving(null);
            await refresh();
          }}>
          They lose access to this organization&apos;s projects at once, and their API keys for it stop working.
        </ConfirmDialog>
      )}
      {handing && (
        <ConfirmDialog title={`Make ${handing.email} the owner?`} confirmLabel="Transfer ownership" busyLabel="Transferring…" onClose={() => setHanding(null)}
          onConfirm={async () => {
            await transferOwnership(organizationId, handing.userId);
            setHanding(null);
            window.location.reload();
          }}>
          They become an owner and you stay as an admin: you can no longer delete the organization, change its SSO or touch owners.
        </ConfirmDialog>
      )}
    </section>
  );
}
