import type { z } from "zod";
import { Prisma, withTransaction } from "@/lib/db";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import type { createProjectBody } from "./schemas";
import { toProjectResponse } from "./internal";

const DEFAULT_PROJECT_LIMIT = 25;

/** PROJECT_LIMIT (projects per organization), read per call so operators and tests can change it. */
export function projectLimit(): number {
  const raw = process.env.PROJECT_LIMIT?.trim();
  const n = raw ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_PROJECT_LIMIT;
}

/**
 * Creates a live project. The unique (organization_id, live_domain) index decides duplicate
 * domains; the organization row is locked first so concurrent creates count one after another
 * against PROJECT_LIMIT (paused projects hold a slot, soft-deleted ones do not).
 */
export async function createProject({ ctx, input }: { ctx: OrgCtx; input: z.infer<typeof createProjectBody> }) {
  const organizationId = ctx.org.id;
  const { domain } = input;
  const project = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const locked = await tx.$queryRaw<{ id: string }[]>(
      Prisma.sql`SELECT id FROM organizations WHERE id = ${organizationId}::uuid AND deleted_at IS NULL FOR NO KEY UPDATE`);
    if (!locked.length) throw new DomainError("NOT_FOUND", "Organization not found");

    let row;
    try {
      row = await tx.project.create({
        data: {
          organizationId, createdByUserId: actorUserId(ctx), domain, liveDomain: domain,
          name: input.name ?? domain, sitemapUrl: input.sitemapUrl ?? `https://${domain}/sitemap.xml`,
        },
      });
    } catch (e) {
      if ((e as { code?: unknown })?.code === "P2002") throw duplicateDomain(domain);
      throw e;
    }
    // Counted after the insert (which a duplicate fails first): the new project must fit. Throwing rolls it back.
    const limit = projectLimit();
    const held = await tx.project.count({ where: { organizationId, deletedAt: null } });
    if (held > limit) {
      throw new DomainError("PROJECT_LIMIT_REACHED", `This organization already has ${held - 1} projects; the limit is ${limit}`, { limit, current: held - 1 });
    }
    await recordAudit({ ...auditActor(ctx), action: "project.created", target: { type: "project", id: row.id }, metadata: { domain, name: row.name } }, ctx);
    return row;
  });
  return toProjectResponse(project);
}

function duplicateDomain(domain: string) {
  return new DomainError("DOMAIN_ALREADY_EXISTS", `A project for ${domain} already exists in this organization`, { domain });
}
