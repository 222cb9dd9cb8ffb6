import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { listApiKeys } from "@/lib/api-keys/manage-api-keys";
import { apiKeysQuery } from "@/lib/queries/api-keys";
import { getQueryClient } from "@/lib/queries/query-client";
import { requireUser, selectedOrganization } from "../../session";
import { pageCtx } from "../page-ctx";
import { ApiKeysClient } from "./client";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const user = await requireUser();
  const [ctx, org] = await Promise.all([pageCtx(user.sessionToken), selectedOrganization(user)]);
  const queryClient = getQueryClient();
  if (ctx) await queryClient.prefetchQuery({ ...apiKeysQuery(), queryFn: () => listApiKeys(ctx) });

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ApiKeysClient organizations={user.organizations.map(({ id, name }) => ({ id, name }))} defaultOrganizationId={org?.id ?? null} />
    </HydrationBoundary>
  );
}
