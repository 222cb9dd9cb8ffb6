import type { Metadata } from "next";
import { DeletedOrganizations } from "@/components/organization/deleted-organizations";
import { OrganizationSettings } from "@/components/organization/organization-settings";
import { EmptyState } from "@/components/ui/empty-state";
import { permissionsOf } from "@/lib/auth/permissions";
import { requireUser, selectedOrganization } from "../../session";

export const metadata: Metadata = { title: "Organization" };

export default async function OrganizationPage() {
  const user = await requireUser();
  const org = await selectedOrganization(user);
  return (
    <div className="space-y-8">
      {org ? (
        <OrganizationSettings
          key={org.id} organizationId={org.id} name={org.name} personal={org.personal} myRole={org.role} myUserId={user.id} permissions={permissionsOf(org.role)}
        />
      ) : (
        <EmptyState title="No organization">You are not a member of any organization. Create one with the + next to the organization menu.</EmptyState>
      )}
      <DeletedOrganizations />
    </div>
  );
}
