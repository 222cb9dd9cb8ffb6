import { route } from "@/lib/api/route";
import { deleteProjectUrlExclusionsOp, getProjectUrlExclusionsOp } from "@/lib/api/operations/urls";
import { ok } from "@/lib/api/envelope";
import { deleteUrlExclusions } from "@/lib/urls/delete-url-exclusions";
import { listUrlExclusions } from "@/lib/urls/list-url-exclusions";

// GET …/projects/{id}/url-exclusions — the URLs excluded from tracking (stopped by hand), the latest first
export const GET = route(getProjectUrlExclusionsOp, async ({ ctx, params, query }) => {
  const { data, meta } = await listUrlExclusions(ctx, params.id, query);
  return ok(data, { meta });
});

// DELETE …/projects/{id}/url-exclusions — allow excluded URLs back ({ urls } or { all: true })
export const DELETE = route(deleteProjectUrlExclusionsOp, async ({ ctx, params, body }) =>
  ok(await deleteUrlExclusions({ ctx, projectId: params.id, input: body })));
