import { db, type AuditAction, Prisma, dbOf } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { AUDIT_ACTIONS } from "./actions";

export type AuditEntry = {
  action: (typeof AUDIT_ACTIONS)[number];
  userId?: string | null;
  organizationId?: string | null;
  apiKeyId?: string | null;
  target?: { type: string; id: string };
  success?: boolean;
  metadata?: Record<string, unknown>;
  request?: { ipAddress: string | null; userAgent: string | null };
};

// Prisma's enum identifiers replace dots with underscores; the database stores the dotted value.
function enumKey(action: string): AuditAction {
  return action.replace(/\./g, "_") as AuditAction;
}

/** Writes one audit row; pass the transaction so the row commits with the change it records. */
export async function recordAudit(entry: AuditEntry, ctx?: Ctx): Promise<void> {
  const tx = ctx ? dbOf(ctx) : db;
  await tx.auditLog.create({
    data: {
      action: enumKey(entry.action),
      userId: entry.userId ?? null,
      organizationId: entry.organizationId ?? null,
      apiKeyId: entry.apiKeyId ?? null,
      targetType: entry.target?.type ?? null,
      targetId: entry.target?.id ?? null,
      success: entry.success ?? true,
      metadata: (entry.metadata ?? {}) as Prisma.InputJsonValue,
      ipAddress: entry.request?.ipAddress ?? null,
      userAgent: entry.request?.userAgent ?? null,
    },
  });
}

/** The audit fields that come from who acts and from where. */
export function auditActor(ctx: Ctx): Pick<AuditEntry, "userId" | "apiKeyId" | "organizationId" | "request"> {
  return {
    userId: ctx.actor.type === "system" ? null : ctx.actor.userId,
    apiKeyId: ctx.actor.type === "apiKey" ? ctx.actor.apiKeyId : null,
    organizationId: ctx.org?.id ?? null,
    request: ctx.request,
  };
}
