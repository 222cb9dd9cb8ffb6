import { route } from "@/lib/api/route";
import { getProjectUrlsOp, postProjectUrlsOp } from "@/lib/api/operations/urls";
import { ok } from "@/lib/api/envelope";
import { okJsonTextKept } from "@/lib/api/gzip-answers";
import { admitUrls } from "@/lib/urls/admit-urls";
import { listUrlsJson } from "@/lib/urls/list-urls";

// GET …/projects/{id}/urls — the URL inventory, filtered, by (discoveredAt, id). A page read again unchanged goes to a
// browser as the gzip made for its last answer (lib/api/gzip-answers.ts), not compressed again.
export const GET = route(getProjectUrlsOp, async ({ req, ctx, params, query }) => {
  const { json, meta, pageKey } = await listUrlsJson(ctx, params.id, query);
  return okJsonTextKept(req, pageKey, json, { meta });
});

// POST …/projects/{id}/urls — admit URLs by hand (no credits)
export const POST = route(postProjectUrlsOp, async ({ ctx, params, body }) =>
  ok(await admitUrls({ ctx, projectId: params.id, urls: body.urls })));
