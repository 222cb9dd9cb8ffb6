import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { restoreOrganization } from "@/lib/organizations/manage-organization";
import { restoreParams } from "@/lib/organizations/schemas";

// POST /api/user/organizations/deleted/{id}/restore — an owner undoes the deletion within the 30-day grace
export const POST = route({ scopes: ["organization:write", "organization:read"], params: restoreParams }, async ({ ctx, params }) =>
  ok(await restoreOrganization(ctx, params.deletedOrganizationId)));
