import { db, AuditAction } from "@/lib/db";
import { auditActionValue } from "@/lib/audit-log/actions";
import { pageMeta, type Pagination } from "@/lib/core/pagination";

// Security-relevant actions shown to the user: sign-ins and sign-outs, account lifecycle, keys, exports.
const LOGIN_HISTORY_PREFIXES = ["auth_", "user_", "api_key_", "data_"];

export async function listLoginHistory(userId: string, page: Pagination) {
  const where = { userId, action: { in: LOGIN_HISTORY_PREFIXES.flatMap(actionsWithPrefix) } };
  const [rows, total] = await Promise.all([
    db.auditLog.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: page.offset, take: page.limit }),
    db.auditLog.count({ where }),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id, timestamp: r.createdAt.toISOString(), action: auditActionValue(r.action), ipAddress: r.ipAddress,
      userAgent: r.userAgent, success: r.success, metadata: (r.metadata ?? {}) as Record<string, unknown>,
    })),
    meta: pageMeta(total, page),
  };
}

function actionsWithPrefix(prefix: string): AuditAction[] {
  return (Object.values(AuditAction) as AuditAction[]).filter((a) => a.startsWith(prefix));
}
