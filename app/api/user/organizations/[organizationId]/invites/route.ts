import { route } from "@/lib/api/route";
import { getOrganizationInvitesOp, postOrganizationInvitesOp } from "@/lib/api/operations/invitations";
import { created, ok } from "@/lib/api/envelope";
import { createInvite } from "@/lib/invitations/create-invite";
import { listInvites } from "@/lib/invitations/list-invites";

// GET …/invites — invitations with their status; POST — invite an address with a role (owners and admins)
export const GET = route(getOrganizationInvitesOp, async ({ ctx, query }) => {
  const { data, meta } = await listInvites(ctx, query);
  return ok(data, { meta });
});
export const POST = route(postOrganizationInvitesOp,
  async ({ ctx, body }) => created(await createInvite(ctx, body)));
