import { cache } from "react";
import type { OrgCtx } from "@/lib/core/context";
import { requireUser, selectedOrganization } from "../session";
import { pageCtx } from "../settings/page-ctx";

/**
 * The signed-in user, the organization chosen in the header and the Ctx the API would build for it,
 * for server-side prefetch through the verbs. Redirects to sign-in without a session; `org` and `ctx`
 * are null for a user without any organization.
 */
export const orgPage = cache(async () => {
  const user = await requireUser();
  const [base, org] = await Promise.all([pageCtx(user.sessionToken), selectedOrganization(user)]);
  const ctx: OrgCtx | null = base && org ? { ...base, org: { id: org.id, role: org.role } } : null;
  return { user, org, ctx };
});
