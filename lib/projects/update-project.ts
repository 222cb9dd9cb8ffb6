import type { z } from "zod";
import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import type { updateProjectBody } from "./schemas";
import { getProjectOrThrow, toProjectResponse } from "./internal";

/** Renames a project or changes its sitemap URL; the domain never changes. Fields equal to the stored ones are no-ops. */
export async function updateProject({ ctx, id, input }: { ctx: OrgCtx; id: string; input: z.infer<typeof updateProjectBody> }) {
  const project = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const current = await getProjectOrThrow(ctx, id);
    const changes: Record<string, { from: string; to: string }> = {};
    if (input.name !== undefined && input.name !== current.name) changes.name = { from: current.name, to: input.name };
    if (input.sitemapUrl !== undefined && input.sitemapUrl !== current.sitemapUrl) changes.sitemapUrl = { from: current.sitemapUrl, to: input.sitemapUrl };
    if (!Object.keys(changes).length) return current;

    // The where clause is re-checked at write time: a project deleted meanwhile answers 404 (P2025).
    const row = await tx.project.update({
      where: { id: current.id, organizationId: ctx.org.id, deletedAt: null },
      data: Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.to])),
    });
    await recordAudit({ ...auditActor(ctx), action: "project.updated", target: { type: "project", id: row.id }, metadata: { changes } }, ctx);
    return row;
  });
  return toProjectResponse(project);
}
