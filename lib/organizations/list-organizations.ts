import { db } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";

/** The caller's organizations with role and credit balance (an API key sees only its own). */
export async function listOrganizations(ctx: Ctx) {
  if (ctx.actor.type === "system") return [];
  const rows = await db.membership.findMany({
    where: {
      userId: ctx.actor.userId,
      organization: { deletedAt: null },
      ...(ctx.actor.type === "apiKey" ? { organizationId: ctx.actor.organizationId } : {}),
    },
    select: { role: true, createdAt: true, organization: { select: { id: true, name: true, slug: true, personal: true, creditBalance: true, createdAt: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((m) => ({
    id: m.organization.id, name: m.organization.name, slug: m.organization.slug, personal: m.organization.personal,
    role: m.role, creditBalance: m.organization.creditBalance, createdAt: m.organization.createdAt.toISOString(),
  }));
}

