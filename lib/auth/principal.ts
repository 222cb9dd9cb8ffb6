import { db } from "@/lib/db";
import { hashApiKey } from "./api-key-secret";
import { sessionTokenFromCookie } from "./session-cookie";
import { SCOPES, type Scope } from "./scopes";

export type PrincipalUser = { id: string; email: string };
export type Principal =
  | { kind: "session"; user: PrincipalUser; sessionId: string; scopes: readonly Scope[] }
  | { kind: "apiKey"; user: PrincipalUser; apiKeyId: string; organizationId: string; scopes: readonly string[] };

const LAST_USED_RESOLUTION_MS = 60_000;

/** Resolves the caller from x-api-key, `Authorization: Bearer <session token>` or the session cookie. */
export async function resolvePrincipal(headers: Headers, now = new Date()): Promise<Principal | null> {
  const apiKey = headers.get("x-api-key");
  if (apiKey !== null) return principalFromApiKey(apiKey.trim(), now);
  const auth = headers.get("authorization");
  if (auth !== null) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    return m ? principalFromSession(m[1], now) : null;
  }
  const token = sessionTokenFromCookie(headers.get("cookie"));
  return token ? principalFromSession(token, now) : null;
}

async function principalFromSession(token: string, now: Date): Promise<Principal | null> {
  if (token.length > 512) return null;
  const s = await db.session.findUnique({
    where: { sessionToken: token },
    select: { id: true, expires: true, user: { select: { id: true, email: true, isActive: true, deletionScheduledFor: true } } },
  });
  if (!s || s.expires <= now || !usable(s.user)) return null;
  return { kind: "session", sessionId: s.id, user: { id: s.user.id, email: s.user.email }, scopes: SCOPES };
}

async function principalFromApiKey(key: string, now: Date): Promise<Principal | null> {
  if (!key || key.length > 512) return null;
  const k = await db.apiKey.findUnique({
    where: { keyHash: hashApiKey(key) },
    select: {
      id: true, enabled: true, expiresAt: true, lastUsedAt: true, organizationId: true, scopes: true,
      createdBy: { select: { id: true, email: true, isActive: true, deletionScheduledFor: true } },
    },
  });
  if (!k || !k.enabled || (k.expiresAt && k.expiresAt <= now) || !usable(k.createdBy)) return null;
  if (!k.lastUsedAt || now.getTime() - k.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // At most one write a minute per key; the condition keeps concurrent requests from all writing.
    await db.apiKey.updateMany({
      where: { id: k.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - LAST_USED_RESOLUTION_MS) } }] },
      data: { lastUsedAt: now },
    });
  }
  return { kind: "apiKey", apiKeyId: k.id, organizationId: k.organizationId, scopes: k.scopes, user: { id: k.createdBy.id, email: k.createdBy.email } };
}

function usable(u: { isActive: boolean; deletionScheduledFor: Date | null }): boolean {
  return u.isActive && !u.deletionScheduledFor;
}
