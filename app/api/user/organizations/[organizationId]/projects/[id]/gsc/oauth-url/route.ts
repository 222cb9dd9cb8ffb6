import { route } from "@/lib/api/route";
import { getProjectGscOauthUrlOp } from "@/lib/api/operations/connections";
import { ok } from "@/lib/api/envelope";
import { createGscAuthorization } from "@/lib/connections";

// GET …/projects/{id}/gsc/oauth-url — start a gsc connection: the consent URL and its single-use state (503 without an OAuth client)
export const GET = route(getProjectGscOauthUrlOp, async ({ ctx, params, query }) =>
  ok(await createGscAuthorization(ctx, params.id, query)));
