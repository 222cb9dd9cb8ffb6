import type { z } from "zod";
import { db, Prisma } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { pageMeta } from "@/lib/core/pagination";
import { inviterEmails, toInviteResponse } from "./internal";
import type { listInvitesQuery } from "./schemas";

export async function listInvites(ctx: OrgCtx, q: z.infer<typeof listInvitesQuery>, now = new Date()) {
  const byStatus: Record<string, Prisma.InvitationWhereInput> = {
    pending: { acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    accepted: { acceptedAt: { not: null } },
    revoked: { revokedAt: { not: null }, acceptedAt: null },
    expired: { acceptedAt: null, revokedAt: null, expiresAt: { lte: now } },
  };
  const where = { organizationId: ctx.org.id, ...(q.status ? byStatus[q.status] : {}) };
  const [rows, total] = await Promise.all([
    db.invitation.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: q.offset, take: q.limit }),
    db.invitation.count({ where }),
  ]);
  return { data: (await inviterEmails(rows)).map(toInviteResponse), meta: pageMeta(total, q) };
}
