import { route } from "@/lib/api/route";
import { getProjectUrlsOp, postProjectUrlsOp } from "@/lib/api/operations/urls";
import { ok, okJsonText } from "@/lib/api/envelope";
import { admitUrls } from "@/lib/urls/admit-urls";
import { listUrlsJson } from "@/lib/urls/list-urls";

// GET …/projects/{id}/urls — the URL inventory, filtered, by (discoveredAt, id)
export const GET = route(getProjectUrlsOp, async ({ ctx, params, query }) => {
  const { json, meta } = await listUrlsJson(ctx, params.id, query);
  return okJsonText(json, { meta });
});

// POST …/projects/{id}/urls — admit URLs by hand (no credits)
export const POST = route(postProjectUrlsOp, async ({ ctx, params, body }) =>
  ok(await admitUrls({ ctx, projectId: params.id, urls: body.urls })));
