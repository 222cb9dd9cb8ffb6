import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { W } from "@/lib/auth/scopes";
import { inspectionsBody } from "@/lib/inspections/schemas";
import { queueInspections } from "@/lib/inspections/queue-inspections";
import { projectParams } from "@/lib/projects/schemas";

// POST …/projects/{id}/inspections — queue URLs for the scheduler at top priority (charged when inspected)
export const POST = route({ scopes: W, params: projectParams, body: inspectionsBody }, async ({ ctx, params, body }) =>
  ok(await queueInspections({ ctx, projectId: params.id, input: body })));
