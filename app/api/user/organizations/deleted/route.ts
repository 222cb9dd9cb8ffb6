import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { listDeletedOrganizations } from "@/lib/organizations/manage-organization";

// GET /api/user/organizations/deleted — organizations the caller owns that are deleted but not yet purged (restorable)
export const GET = route({ scopes: ["organization:read"] }, async ({ ctx }) => ok(await listDeletedOrganizations(ctx)));
