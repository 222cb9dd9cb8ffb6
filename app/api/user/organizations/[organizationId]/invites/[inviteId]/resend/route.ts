import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { resendInvite } from "@/lib/invitations/invitations";
import { inviteParams } from "@/lib/invitations/schemas";

// POST …/invites/{inviteId}/resend — a new link (the old one dies) and seven more days
export const POST = route({ scopes: ["organization:write", "organization:read"], permission: "invites.manage", params: inviteParams },
  async ({ ctx, params }) => ok(await resendInvite(ctx, params.inviteId)));
