import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R, W } from "@/lib/auth/scopes";
import { projectParams } from "@/lib/projects/schemas";
import { admitUrlsBody, listUrlsQuery } from "@/lib/urls/schemas";
import { admitUrls } from "@/lib/urls/admit-urls";
import { listUrls } from "@/lib/urls/list-urls";

// GET …/projects/{id}/urls — the URL inventory, filtered, by (discoveredAt, id)
export const GET = route({ scopes: R, params: projectParams, query: listUrlsQuery }, async ({ ctx, params, query }) => {
  const { data, meta } = await listUrls(ctx, params.id, query);
  return ok(data, { meta });
});

// POST …/projects/{id}/urls — admit URLs by hand (no credits)
export const POST = route({ scopes: W, params: projectParams, body: admitUrlsBody }, async ({ ctx, params, body }) =>
  ok(await admitUrls({ ctx, projectId: params.id, urls: body.urls })));
