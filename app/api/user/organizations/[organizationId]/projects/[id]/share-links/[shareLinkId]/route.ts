import { route } from "@/lib/api/route";
import { deleteShareLinkOp } from "@/lib/api/operations/share-links";
import { ok } from "@/lib/api/envelope";
import { revokeShareLink } from "@/lib/share-links/revoke-share-link";

// DELETE …/projects/{id}/share-links/{shareLinkId} — revoke at once
export const DELETE = route(deleteShareLinkOp, async ({ ctx, params }) => ok(await revokeShareLink(ctx, params.id, params.shareLinkId)));
