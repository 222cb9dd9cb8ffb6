import { route } from "@/lib/api/route";
import { patchProjectStatusOp } from "@/lib/api/operations/projects";
import { ok } from "@/lib/api/envelope";
import { setProjectStatus } from "@/lib/projects/set-project-status";

// PATCH …/projects/{id}/status — pause or resume a project
export const PATCH = route(patchProjectStatusOp, async ({ ctx, params, body }) =>
  ok(await setProjectStatus({ ctx, id: params.id, input: body })));
