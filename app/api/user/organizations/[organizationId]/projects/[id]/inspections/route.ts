import { route } from "@/lib/api/route";
import { postProjectInspectionsOp } from "@/lib/api/operations/inspections";
import { ok } from "@/lib/api/envelope";
import { queueInspections } from "@/lib/inspections/queue-inspections";

// POST …/projects/{id}/inspections — queue URLs for the scheduler at top priority (charged when inspected)
export const POST = route(postProjectInspectionsOp, async ({ ctx, params, body }) =>
  ok(await queueInspections({ ctx, projectId: params.id, input: body })));
