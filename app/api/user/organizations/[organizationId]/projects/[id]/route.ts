import { route } from "@/lib/api/route";
import { ok } from "@/lib/api/envelope";
import { R, W } from "@/lib/auth/scopes";
import { projectParams, updateProjectBody } from "@/lib/projects/schemas";
import { getProject } from "@/lib/projects/get-project";
import { updateProject } from "@/lib/projects/update-project";
import { deleteProject } from "@/lib/projects/delete-project";

// GET …/projects/{id} — one live project
export const GET = route({ scopes: R, params: projectParams }, async ({ ctx, params }) => ok(await getProject(ctx, params.id)));

// PATCH …/projects/{id} — rename or change the sitemap URL (the domain never changes)
export const PATCH = route({ scopes: W, params: projectParams, body: updateProjectBody }, async ({ ctx, params, body }) =>
  ok(await updateProject({ ctx, id: params.id, input: body })));

// DELETE …/projects/{id} — soft delete (idempotent); frees the domain
export const DELETE = route({ scopes: W, params: projectParams }, async ({ ctx, params }) => ok(await deleteProject(ctx, params.id)));
