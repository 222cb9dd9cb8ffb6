"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { deletedOrganizationsQuery, restoreOrganization } from "@/lib/queries/organization";

/**
 * Organizations the user deleted (as owner) within the last 30 days, with a way back. Nothing is shown
 * when there are none: the section exists only while there is something to undo.
 */
export function DeletedOrganizations() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const deleted = useQuery(deletedOrganizationsQuery());
  const [notice, setNotice] = useState("");
  const restore = useMutation({
    mutationFn: restoreOrganization,
    onSuccess: async (o) => {
      setNotice(`${o.name} is back, with its projects, members and API keys.`);
      await queryClient.invalidateQueries({ queryKey: deletedOrganizationsQuery().queryKey });
      router.refresh(); // the organization menu lists it again (and selects it, if it was the selected one)
    },
  });
  if (!deleted.data?.length && !notice) return null;

  return (
    <section aria-labelledby="deleted-orgs-heading" className="space-y-3">
      <h2 id="deleted-orgs-heading" className="text-lg font-semibold">Recently deleted organizations</h2>
      <p role="status" className="text-sm text-emerald-800 empty:hidden">{notice}</p>
      {restore.isError && <ErrorAlert error={restore.error} />}
      {deleted.data && deleted.data.length > 0 && (
        <>
          <p className="text-sm text-slate-600">Until its purge date an owner can restore an organization as it was. Invitations that were pending when it was deleted stay revoked.</p>
          <DataTable
            label="Recently deleted organizations" caption="Deleted organizations, soonest purge first" testId="deleted-orgs-table" rows={deleted.data} rowKey={(o) => o.id}
            columns={[
              { key: "name", header: "Organization", cell: (o) => o.name },
              { key: "projects", header: "Projects", align: "right", cell: (o) => o.projectCount },
              { key: "members", header: "Members", align: "right", cell: (o) => o.memberCount },
              { key: "deleted", header: "Deleted", className: "whitespace-nowrap", cell: (o) => formatDateTime(o.deletedAt) },
              { key: "purge", header: "Purged on", className: "whitespace-nowrap", cell: (o) => formatDateTime(o.purgeAfter) },
              {
                key: "actions", header: <span className="sr-only">Actions</span>, align: "right",
                cell: (o) => (
                  <Button variant="secondary" className="px-2 py-1" disabled={restore.isPending} onClick={() => restore.mutate(o.id)} aria-label={`Restore ${o.name}`}>
                    {restore.isPending && restore.variables === o.id ? "Restoring…" : "Restore"}
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
    </section>
  );
}
