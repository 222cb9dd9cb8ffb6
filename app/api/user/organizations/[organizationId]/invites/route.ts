import { orgParams, route } from "@/lib/api/route";
import { created, ok } from "@/lib/api/envelope";
import { createInvite, listInvites } from "@/lib/invitations/invitations";
import { createInviteBody, listInvitesQuery } from "@/lib/invitations/schemas";

// GET …/invites — invitations with their status; POST — invite an address with a role (owners and admins)
export const GET = route({ scopes: ["organization:read"], params: orgParams, query: listInvitesQuery }, async ({ ctx, query }) => {
  const { data, meta } = await listInvites(ctx, query);
  return ok(data, { meta });
});
export const POST = route({ scopes: ["organization:write", "organization:read"], permission: "invites.manage", params: orgParams, body: createInviteBody },
  async ({ ctx, body }) => created(await createInvite(ctx, body)));
