import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { W } from "@/lib/auth/scopes";
import { projectParams, projectStatusBody } from "@/lib/projects/schemas";
import { setProjectStatus } from "@/lib/projects/set-project-status";

// PATCH …/projects/{id}/status — pause or resume a project
export const PATCH = route({ scopes: W, params: projectParams, body: projectStatusBody }, async ({ ctx, params, body }) =>
  ok(await setProjectStatus({ ctx, id: params.id, input: body })));
