import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { ApiError } from "@/lib/api/errors";
import { acceptInvite } from "@/lib/invitations/invitations";
import { tokenParams } from "@/lib/invitations/schemas";

// POST /api/invites/{token}/accept — joins the organization; a signed-in session holding the invited address
export const POST = route({ scopes: ["user:write"], params: tokenParams }, async ({ ctx, params, principal }) => {
  if (principal.kind !== "session") throw new ApiError("FORBIDDEN", "Invitations are accepted by a signed-in person, not an API key", { missingPermission: "invitation.session" });
  return ok(await acceptInvite(ctx, params.token));
});
