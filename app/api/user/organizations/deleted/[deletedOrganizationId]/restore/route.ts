import { route } from "@/lib/api/route";
import { postOrganizationsDeletedRestoreOp } from "@/lib/api/operations/organizations";
import { ok } from "@/lib/api/envelope";
import { restoreOrganization } from "@/lib/organizations/restore-organization";

// POST /api/user/organizations/deleted/{id}/restore — an owner undoes the deletion within the 30-day grace
export const POST = route(postOrganizationsDeletedRestoreOp, async ({ ctx, params }) =>
  ok(await restoreOrganization(ctx, params.deletedOrganizationId)));
