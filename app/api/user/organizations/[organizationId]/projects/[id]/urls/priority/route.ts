import { route } from "@/lib/api/route";
import { postProjectUrlsPriorityOp } from "@/lib/api/operations/urls";
import { ok } from "@/lib/api/envelope";
import { setUrlPriority } from "@/lib/urls/set-url-priority";

// POST …/projects/{id}/urls/priority — set the priority of a selection, or of everything a filter matches, by hand
export const POST = route(postProjectUrlsPriorityOp, async ({ ctx, params, body }) =>
  ok(await setUrlPriority({ ctx, projectId: params.id, input: body })));
