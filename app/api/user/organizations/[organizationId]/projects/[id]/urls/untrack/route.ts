import { route } from "@/lib/api/route";
import { postProjectUrlsUntrackOp } from "@/lib/api/operations/urls";
import { ok } from "@/lib/api/envelope";
import { untrackUrls } from "@/lib/urls/untrack-urls";

// POST …/projects/{id}/urls/untrack — stop tracking a selection, or everything a filter matches
export const POST = route(postProjectUrlsUntrackOp, async ({ ctx, params, body }) =>
  ok(await untrackUrls({ ctx, projectId: params.id, input: body })));
