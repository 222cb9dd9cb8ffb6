import type { Ctx } from "@/lib/core/context";
import { systemCtx } from "@/lib/core/context";
import { db, withTransaction, dbOf } from "@/lib/db";
import { recordAudit } from "@/lib/audit-log/record-audit";
import { createPersonalOrganization } from "@/lib/organizations/create-personal-organization";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Creates a user with a personal organization and the free credit grant, all in one transaction. */
export async function createUserWithOrganization(ctx: Ctx, input: { email: string; emailVerified?: Date | null; request?: { ipAddress: string | null; userAgent: string | null } }) {
  const tx = dbOf(ctx);
  const user = await tx.user.create({ data: { email: normalizeEmail(input.email), emailVerified: input.emailVerified ?? null } });
  const org = await createPersonalOrganization(ctx, user);
  await recordAudit({ action: "user.created", userId: user.id, organizationId: org.id, target: { type: "user", id: user.id }, request: input.request }, ctx);
  return { user, organizationId: org.id };
}

/** Idempotent for an existing email (operator CLI, tests): returns the user and its first organization. */
export async function ensureUser(email: string): Promise<{ userId: string; organizationId: string; created: boolean }> {
  const normalized = normalizeEmail(email);
  const existing = await db.user.findUnique({
    where: { email: normalized },
    select: { id: true, memberships: { select: { organizationId: true }, orderBy: { createdAt: "asc" }, take: 1 } },
  });
  if (existing?.memberships[0]) return { userId: existing.id, organizationId: existing.memberships[0].organizationId, created: false };
  if (existing) {
    // A user who left every organization gets a personal one again (else the create below would loop on P2002).
    const org = await withTransaction(systemCtx("ensure-user"), (ctx) => createPersonalOrganization(ctx, { id: existing.id, email: normalized }));
    return { userId: existing.id, organizationId: org.id, created: false };
  }
  try {
    const { user, organizationId } = await withTransaction(systemCtx("ensure-user"), (ctx) => createUserWithOrganization(ctx, { email: normalized, emailVerified: new Date() }));
    return { userId: user.id, organizationId, created: true };
  } catch (e) {
    // A concurrent call created it first: answer with that one.
    if ((e as { code?: string }).code === "P2002") return ensureUser(email);
    throw e;
  }
}
