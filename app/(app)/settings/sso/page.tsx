import type { Metadata } from "next";
import { SsoSettings } from "@/components/organization/sso-settings";
import { EmptyState } from "@/components/ui/empty-state";
import { roleAllows } from "@/lib/auth/permissions";
import { requireUser, selectedOrganization } from "../../session";

export const metadata: Metadata = { title: "Single sign-on" };

export default async function SsoPage() {
  const user = await requireUser();
  const org = await selectedOrganization(user);
  if (!org) return <EmptyState title="No organization">Single sign-on belongs to an organization, and you are not a member of any.</EmptyState>;
  return <SsoSettings key={org.id} organizationId={org.id} canManage={roleAllows(org.role, "sso.manage")} />;
}
