import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { EmptyState } from "@/components/ui/empty-state";
import { WebhooksClient } from "@/components/webhooks/webhooks-client";
import { roleAllows } from "@/lib/auth/permissions";
import { webhooksQuery } from "@/lib/queries/webhooks";
import { getQueryClient } from "@/lib/queries/query-client";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";
import { requireUser, selectedOrganization } from "../../session";
import { pageCtx } from "../page-ctx";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const user = await requireUser();
  const [ctx, org] = await Promise.all([pageCtx(user.sessionToken), selectedOrganization(user)]);
  if (!org) return <EmptyState title="No organization">Webhooks belong to an organization, and you are not a member of any.</EmptyState>;
  const queryClient = getQueryClient();
  if (ctx) {
    const orgCtx = { ...ctx, org: { id: org.id, role: org.role } };
    await queryClient.prefetchQuery({ ...webhooksQuery(org.id), queryFn: async () => (await listWebhooks(orgCtx, { offset: 0, limit: 100 })).data });
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <WebhooksClient organizationId={org.id} organizationName={org.name} canManage={roleAllows(org.role, "webhooks.manage")} />
    </HydrationBoundary>
  );
}
