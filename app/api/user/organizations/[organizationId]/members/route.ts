import { route } from "@/lib/api/route";
import { getOrganizationMembersOp } from "@/lib/api/operations/organizations";
import { ok } from "@/lib/api/envelope";
import { listMembers } from "@/lib/organizations/list-members";

// GET …/members — members with role and last activity; owners first
export const GET = route(getOrganizationMembersOp, async ({ ctx, query }) => {
  const { data, meta } = await listMembers(ctx, query);
  return ok(data, { meta });
});
