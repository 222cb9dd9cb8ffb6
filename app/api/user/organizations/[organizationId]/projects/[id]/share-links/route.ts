import { route } from "@/lib/api/route";
import { getShareLinksOp, postShareLinkOp } from "@/lib/api/operations/share-links";
import { created, ok } from "@/lib/api/envelope";
import { createShareLink } from "@/lib/share-links/create-share-link";
import { listShareLinks } from "@/lib/share-links/list-share-links";

// GET …/projects/{id}/share-links — the project's read-only client links, newest first
export const GET = route(getShareLinksOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listShareLinks(ctx, params.id, query);
  return ok(data, { meta });
});

// POST …/projects/{id}/share-links — a new link, its URL shown once
export const POST = route(postShareLinkOp, async ({ ctx, params, body }) => created(await createShareLink(ctx, params.id, body)));
