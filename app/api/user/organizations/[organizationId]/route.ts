import { orgParams, route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { deleteOrganization, getOrganization, updateOrganization } from "@/lib/organizations/manage-organization";
import { updateOrganizationBody } from "@/lib/organizations/schemas";

const OW = ["organization:write", "organization:read"] as const;

// GET/PATCH/DELETE /api/user/organizations/{organizationId} — the organization; rename (owner); delete (owner, 30-day grace)
export const GET = route({ scopes: ["organization:read"], params: orgParams }, async ({ ctx }) => ok(await getOrganization(ctx)));
export const PATCH = route({ scopes: [...OW], permission: "organization.update", params: orgParams, body: updateOrganizationBody }, async ({ ctx, body }) =>
  ok(await updateOrganization(ctx, body)));
export const DELETE = route({ scopes: [...OW], permission: "organization.delete", params: orgParams }, async ({ ctx }) => ok(await deleteOrganization(ctx)));
