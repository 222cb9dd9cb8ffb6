import { orgParams, route } from "@/lib/api/route";
import { created, ok } from "@/lib/api/envelope";
import { R, W } from "@/lib/auth/scopes";
import { createProjectBody, listProjectsQuery } from "@/lib/projects/schemas";
import { listProjects } from "@/lib/projects/list-projects";
import { createProject } from "@/lib/projects/create-project";

// GET …/projects — live projects of the organization, newest first, searchable by name or domain
export const GET = route({ scopes: R, params: orgParams, query: listProjectsQuery }, async ({ ctx, query }) => {
  const { data, meta } = await listProjects(ctx, query);
  return ok(data, { meta });
});

// POST …/projects — create a project for one bare domain
export const POST = route({ scopes: W, params: orgParams, body: createProjectBody }, async ({ ctx, body }) =>
  created(await createProject({ ctx, input: body })));
