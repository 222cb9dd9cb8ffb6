import type { OrgCtx } from "@/lib/core/context";
import { dbOf, Prisma } from "@/lib/db";
import { normalizeUrl } from "@/lib/urls/normalize-url";
import { nodeIdsOf, lockLinkNodes } from "./record-page-links";
import { withTransaction } from "@/lib/db";

/**
 * Where click depth starts: the project's home page (https://{domain}/, else http://), tracked or only linked;
 * a home page that redirects starts from its target too (both at depth 0). Empty when no home page is known.
 */
export async function homeStarts(ctx: OrgCtx, p: { organizationId: string; projectId: string }, maxNode: number): Promise<number[]> {
  const tx = dbOf(ctx);
  const [project] = await tx.$queryRaw<{ domain: string }[]>(Prisma.sql`SELECT domain FROM projects WHERE id = ${p.projectId}::uuid`);
  if (!project) return [];
  const candidates = [`https://${project.domain}/`, `http://${project.domain}/`];
  const homes = await tx.$queryRaw<{ url: string; node: number; redirect: string | null }[]>(Prisma.sql`
    SELECT n.url, n.node_id AS node, t.redirect_target AS redirect
    FROM link_nodes n LEFT JOIN tracked_urls t ON t.id = n.tracked_url_id
    WHERE n.project_id = ${p.projectId}::uuid AND n.url IN (${Prisma.join(candidates)})`);
  const home = candidates.map((c) => homes.find((h) => h.url === c)).find(Boolean);
  if (!home) return [];
  const starts = [home.node];
  const target = home.redirect ? normalizeUrl(home.redirect) : null;
  if (target?.ok && target.url !== home.url) {
    const nodes = await withTransaction(ctx, async (ctx) => {
      await lockLinkNodes(ctx, p.projectId);
      return nodeIdsOf(ctx, p, [target.url]);
    });
    const node = nodes.get(target.url);
    if (node !== undefined && node <= maxNode) starts.push(node);
  }
  return starts;
}
