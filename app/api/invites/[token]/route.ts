import { route } from "@/lib/api/route";
import { getInviteOp } from "@/lib/api/operations/invitations";
import { ok } from "@/lib/api/envelope";
import { getPublicInvite } from "@/lib/invitations/get-public-invite";

// GET /api/invites/{token} — PublicInvite without credentials; 404 for unknown, used, expired or revoked
export const GET = route(getInviteOp, async ({ params }) => ok(await getPublicInvite(params.token)));
