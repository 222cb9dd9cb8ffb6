import { route } from "@/lib/api/route";
import { getOrganizationsDeletedOp } from "@/lib/api/operations/organizations";
import { ok } from "@/lib/api/envelope";
import { listDeletedOrganizations } from "@/lib/organizations/list-deleted-organizations";

// GET /api/user/organizations/deleted — organizations the caller owns that are deleted but not yet purged (restorable)
export const GET = route(getOrganizationsDeletedOp, async ({ ctx }) => ok(await listDeletedOrganizations(ctx)));
