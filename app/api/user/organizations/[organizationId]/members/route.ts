import { orgParams, route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { listMembers } from "@/lib/organizations/members";
import { listMembersQuery } from "@/lib/organizations/schemas";

// GET …/members — members with role and last activity; owners first
export const GET = route({ scopes: ["organization:read"], params: orgParams, query: listMembersQuery }, async ({ ctx, query }) => {
  const { data, meta } = await listMembers(ctx, query);
  return ok(data, { meta });
});
