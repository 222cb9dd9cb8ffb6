import { route } from "@/lib/api/route";
import { getProjectsOp, postProjectsOp } from "@/lib/api/operations/projects";
import { created, ok } from "@/lib/api/envelope";
import { listProjects } from "@/lib/projects/list-projects";
import { createProject } from "@/lib/projects/create-project";

// GET …/projects — live projects of the organization, newest first, searchable by name or domain
export const GET = route(getProjectsOp, async ({ ctx, query }) => {
  const { data, meta } = await listProjects(ctx, query);
  return ok(data, { meta });
});

// POST …/projects — create a project for one bare domain
export const POST = route(postProjectsOp, async ({ ctx, body }) =>
  created(await createProject({ ctx, input: body })));
