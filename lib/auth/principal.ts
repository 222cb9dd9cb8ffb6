import { db, Prisma, sqlRows, type OrgRole } from "@/lib/db";
import type { UserActor } from "@/lib/core/context";
import { groupBehind } from "@/lib/core/group-behind";
import { hashApiKey } from "./api-key-secret";
import { sessionTokenFromCookie } from "./session-cookie";
import { SCOPES, type Scope } from "./scopes";

export type PrincipalUser = { id: string; email: string };
export type Principal =
  | { kind: "session"; user: PrincipalUser; sessionId: string; scopes: readonly Scope[] }
  | { kind: "apiKey"; user: PrincipalUser; apiKeyId: string; organizationId: string; /** The creator's current role there. */ role: OrgRole; lastActiveAt: Date | null; scopes: readonly string[] };

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

// Authentication runs on every request: one raw query each (a hot path, STYLE.md §11).
type SessionRow = { id: string; expires: Date; user_id: string; email: string; is_active: boolean; deletion_scheduled_for: Date | null };
type KeyRow = {
  id: string; enabled: boolean; expires_at: Date | null; last_used_at: Date | null; organization_id: string; scopes: string[];
  user_id: string; email: string; is_active: boolean; deletion_scheduled_for: Date | null; role: OrgRole; last_active_at: Date | null;
};

// Concurrent requests with the same credential share one lookup that starts after they arrived (lib/core/group-behind.ts).
const sessionRow = groupBehind(async (token) => (await sqlRows<SessionRow>(Prisma.sql`
    SELECT s.id, s.expires, u.id AS user_id, u.email, u.is_active, u.deletion_scheduled_for
    FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.session_token = ${token}`, "auth_session"))[0]);

const apiKeyRow = groupBehind(async (keyHash) => (await sqlRows<KeyRow>(Prisma.sql`
    SELECT k.id, k.enabled, k.expires_at, k.last_used_at, k.organization_id, k.scopes,
           u.id AS user_id, u.email, u.is_active, u.deletion_scheduled_for, m.role::text AS role, m.last_active_at
    FROM api_keys k JOIN users u ON u.id = k.created_by_user_id
    -- A key works only while its creator is a member of its organization, with the creator's current role:
    -- removed from it, or the organization deleted, and the key stops working at once.
    JOIN memberships m ON m.organization_id = k.organization_id AND m.user_id = k.created_by_user_id
    JOIN organizations o ON o.id = k.organization_id AND o.deleted_at IS NULL
    WHERE k.key_hash = ${keyHash}`, "auth_api_key"))[0]);

async function principalFromSession(token: string, now: Date): Promise<Principal | null> {
  if (token.length > 512) return null;
  const s = (await sessionRow(token)).result;
  if (!s || s.expires <= now || !usable(s)) return null;
  return { kind: "session", sessionId: s.id, user: { id: s.user_id, email: s.email }, scopes: SCOPES };
}

async function principalFromApiKey(key: string, now: Date): Promise<Principal | null> {
  if (!key || key.length > 512) return null;
  const k = (await apiKeyRow(hashApiKey(key))).result;
  if (!k || !k.enabled || (k.expires_at && k.expires_at <= now) || !usable(k)) return null;
  if (!k.last_used_at || now.getTime() - k.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    // At most one write a minute per key; the condition keeps concurrent requests from all writing.
    await db.$executeRaw(Prisma.sql`UPDATE api_keys SET last_used_at = ${now} WHERE id = ${k.id}::uuid
      AND (last_used_at IS NULL OR last_used_at < ${new Date(now.getTime() - LAST_USED_RESOLUTION_MS)})`);
  }
  return { kind: "apiKey", apiKeyId: k.id, organizationId: k.organization_id, role: k.role, lastActiveAt: k.last_active_at, scopes: k.scopes, user: { id: k.user_id, email: k.email } };
}

function usable(u: { is_active: boolean; deletion_scheduled_for: Date | null }): boolean {
  return u.is_active && !u.deletion_scheduled_for;
}

/** The actor a verb sees for an authenticated caller. */
export function actorFromPrincipal(p: Principal): UserActor {
  return p.kind === "session"
    ? { type: "user", userId: p.user.id, email: p.user.email, sessionId: p.sessionId }
    : { type: "apiKey", userId: p.user.id, email: p.user.email, apiKeyId: p.apiKeyId, organizationId: p.organizationId, scopes: p.scopes };
}
