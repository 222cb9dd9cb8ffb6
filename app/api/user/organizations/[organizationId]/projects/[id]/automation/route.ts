import { route } from "@/lib/api/route";
import { putProjectAutomationOp } from "@/lib/api/operations/projects";
import { ok } from "@/lib/api/envelope";
import { setAutomation } from "@/lib/projects/set-automation";

// PUT …/projects/{id}/automation — turn scheduled inspections on or off and set their cadence
export const PUT = route(putProjectAutomationOp, async ({ ctx, params, body }) =>
  ok(await setAutomation({ ctx, id: params.id, input: body })));
