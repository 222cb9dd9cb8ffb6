import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta, type Pagination } from "@/lib/core/pagination";

import type { MemberResponse } from "./schemas";

export async function listMembers(ctx: OrgCtx, q: Pagination) {
  const where = { organizationId: ctx.org.id };
  const [rows, total] = await Promise.all([
    db.membership.findMany({
      where, include: { user: { select: { email: true, name: true } } },
      // Owners first, then admins, then members; alphabetical within a role.
      orderBy: [{ role: "asc" }, { user: { email: "asc" } }], skip: q.offset, take: q.limit,
    }),
    db.membership.count({ where }),
  ]);
  const data: MemberResponse[] = rows.map((m) => ({
    userId: m.userId, email: m.user.email, name: m.user.name, role: m.role, lastActiveAt: m.lastActiveAt?.toISOString() ?? null, joinedAt: m.createdAt.toISOString(),
  }));
  return { data, meta: pageMeta(total, q) };
}
