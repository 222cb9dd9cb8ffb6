import { route } from "@/lib/api/route";
import { postOrganizationInviteResendOp } from "@/lib/api/operations/invitations";
import { ok } from "@/lib/api/envelope";
import { resendInvite } from "@/lib/invitations/resend-invite";

// POST …/invites/{inviteId}/resend — a new link (the old one dies) and seven more days
export const POST = route(postOrganizationInviteResendOp,
  async ({ ctx, params }) => ok(await resendInvite(ctx, params.inviteId)));
