import { orgParams, route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { leaveOrganization } from "@/lib/organizations/members";

// POST …/leave — the caller leaves the organization (409 LAST_OWNER for its last owner)
export const POST = route({ scopes: ["organization:read"], params: orgParams }, async ({ ctx }) => ok(await leaveOrganization(ctx)));
