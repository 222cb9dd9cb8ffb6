import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { W } from "@/lib/auth/scopes";
import { inspectUrlNow } from "@/lib/inspections/inspect-url-now";
import { urlParams } from "@/lib/urls/schemas";

// POST …/projects/{id}/urls/{urlId}/inspect — audit the URL now (1 credit) and answer it updated
export const POST = route({ scopes: W, params: urlParams }, async ({ ctx, params }) =>
  ok(await inspectUrlNow({ ctx, projectId: params.id, urlId: params.urlId })));
