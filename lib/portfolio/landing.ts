import { db } from "@/lib/db";

/**
 * Where a signed-in user lands: the portfolio when the organization has more than one live project, the
 * projects page otherwise (with one project it shows that project's card, with none the first steps).
 */
export async function landingPath(organizationId: string | null): Promise<"/portfolio" | "/projects"> {
  if (!organizationId) return "/projects";
  const projects = await db.project.count({ where: { organizationId, deletedAt: null }, take: 2 });
  return projects > 1 ? "/portfolio" : "/projects";
}
