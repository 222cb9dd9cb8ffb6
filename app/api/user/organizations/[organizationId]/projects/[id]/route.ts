import { route } from "@/lib/api/route";
import { deleteProjectOp, getProjectOp, patchProjectOp } from "@/lib/api/operations/projects";
import { ok } from "@/lib/api/envelope";
import { getProject } from "@/lib/projects/get-project";
import { updateProject } from "@/lib/projects/update-project";
import { deleteProject } from "@/lib/projects/delete-project";

// GET …/projects/{id} — one live project
export const GET = route(getProjectOp, async ({ ctx, params }) => ok(await getProject(ctx, params.id)));

// PATCH …/projects/{id} — rename or change the sitemap URL (the domain never changes)
export const PATCH = route(patchProjectOp, async ({ ctx, params, body }) =>
  ok(await updateProject({ ctx, id: params.id, input: body })));

// DELETE …/projects/{id} — soft delete (idempotent); frees the domain
export const DELETE = route(deleteProjectOp, async ({ ctx, params }) => ok(await deleteProject(ctx, params.id)));
