import { route } from "@/lib/api/route";
import { deleteOrganizationOp, getOrganizationOp, patchOrganizationOp } from "@/lib/api/operations/organizations";
import { ok } from "@/lib/api/envelope";
import { deleteOrganization } from "@/lib/organizations/delete-organization";
import { getOrganization } from "@/lib/organizations/get-organization";
import { updateOrganization } from "@/lib/organizations/update-organization";


// GET/PATCH/DELETE /api/user/organizations/{organizationId} — the organization; rename (owner); delete (owner, 30-day grace)
export const GET = route(getOrganizationOp, async ({ ctx }) => ok(await getOrganization(ctx)));
export const PATCH = route(patchOrganizationOp, async ({ ctx, body }) =>
  ok(await updateOrganization(ctx, body)));
export const DELETE = route(deleteOrganizationOp, async ({ ctx }) => ok(await deleteOrganization(ctx)));
