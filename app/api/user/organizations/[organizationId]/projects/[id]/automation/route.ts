import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { W } from "@/lib/auth/scopes";
import { automationBody, projectParams } from "@/lib/projects/schemas";
import { setAutomation } from "@/lib/projects/set-automation";

// PUT …/projects/{id}/automation — turn scheduled inspections on or off and set their cadence
export const PUT = route({ scopes: W, params: projectParams, body: automationBody }, async ({ ctx, params, body }) =>
  ok(await setAutomation({ ctx, id: params.id, input: body })));
