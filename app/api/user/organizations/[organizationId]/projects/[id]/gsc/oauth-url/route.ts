import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { W } from "@/lib/auth/scopes";
import { createGscAuthorization } from "@/lib/connections";
import { oauthUrlQuery } from "@/lib/connections/schemas";
import { projectParams } from "@/lib/projects/schemas";

// GET …/projects/{id}/gsc/oauth-url — start a console connection: the consent URL and its single-use state (503 without an OAuth client)
export const GET = route({ scopes: W, params: projectParams, query: oauthUrlQuery }, async ({ ctx, params, query }) =>
  ok(await createGscAuthorization(ctx, params.id, query)));
