import { route } from "@/lib/api/route";
import { postInviteAcceptOp } from "@/lib/api/operations/invitations";
import { ok } from "@/lib/api/envelope";
import { DomainError } from "@/lib/core/errors";
import { acceptInvite } from "@/lib/invitations/accept-invite";

// POST /api/invites/{token}/accept — joins the organization; a signed-in session holding the invited address
export const POST = route(postInviteAcceptOp, async ({ ctx, params, principal }) => {
  if (principal.kind !== "session") throw new DomainError("FORBIDDEN", "Invitations are accepted by a signed-in person, not an API key", { missingPermission: "invitation.session" });
  return ok(await acceptInvite(ctx, params.token));
});
