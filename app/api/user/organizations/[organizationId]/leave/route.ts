import { route } from "@/lib/api/route";
import { postOrganizationLeaveOp } from "@/lib/api/operations/organizations";
import { ok } from "@/lib/api/envelope";
import { leaveOrganization } from "@/lib/organizations/leave-organization";

// POST …/leave — the caller leaves the organization (409 LAST_OWNER for its last owner)
export const POST = route(postOrganizationLeaveOp, async ({ ctx }) => ok(await leaveOrganization(ctx)));
