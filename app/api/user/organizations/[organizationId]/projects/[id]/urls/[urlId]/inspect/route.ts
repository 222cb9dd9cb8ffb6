import { route } from "@/lib/api/route";
import { postProjectUrlInspectOp } from "@/lib/api/operations/inspections";
import { ok } from "@/lib/api/envelope";
import { inspectUrlNow } from "@/lib/inspections/inspect-url-now";

// POST …/projects/{id}/urls/{urlId}/inspect — audit the URL now (1 credit) and answer it updated
export const POST = route(postProjectUrlInspectOp, async ({ ctx, params }) =>
  ok(await inspectUrlNow({ ctx, projectId: params.id, urlId: params.urlId })));
