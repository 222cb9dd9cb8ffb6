import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { getPublicInvite } from "@/lib/invitations/invitations";
import { tokenParams } from "@/lib/invitations/schemas";

// GET /api/invites/{token} — PublicInvite without credentials; 404 for unknown, used, expired or revoked
export const GET = route({ auth: "public", params: tokenParams }, async ({ params }) => ok(await getPublicInvite(params.token)));
