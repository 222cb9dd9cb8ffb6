import { route } from "@/lib/api/route";
import { deleteOrganizationInviteOp } from "@/lib/api/operations/invitations";
import { ok } from "@/lib/api/envelope";
import { revokeInvite } from "@/lib/invitations/revoke-invite";

// DELETE …/invites/{inviteId} — revoke: the link stops working at once
export const DELETE = route(deleteOrganizationInviteOp,
  async ({ ctx, params }) => ok(await revokeInvite(ctx, params.inviteId)));
