import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { revokeInvite } from "@/lib/invitations/invitations";
import { inviteParams } from "@/lib/invitations/schemas";

// DELETE …/invites/{inviteId} — revoke: the link stops working at once
export const DELETE = route({ scopes: ["organization:write", "organization:read"], permission: "invites.manage", params: inviteParams },
  async ({ ctx, params }) => ok(await revokeInvite(ctx, params.inviteId)));
