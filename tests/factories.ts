import crypto from "node:crypto";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { createSession } from "@/lib/auth/sessions";
import type { Scope } from "@/lib/auth/scopes";
import { ensureUser } from "@/lib/users/ensure-user";

export const uniqueEmail = (tag = "user") => `${tag}-${crypto.randomUUID().slice(0, 12)}@example.test`;

/** A fresh user with a personal organization and a session: each suite owns its tenant. */
export async function createTestUser(tag = "user") {
  const email = uniqueEmail(tag);
  const { userId, organizationId } = await ensureUser(email);
  const { sessionToken } = await createSession(userId);
  return { email, userId, organizationId, sessionToken };
}

export type TestUser = Awaited<ReturnType<typeof createTestUser>>;

export async function createTestApiKey(user: TestUser, scopes: Scope[], opts: { expiresIn?: number; organizationId?: string; name?: string } = {}) {
  return createApiKey({
    ctx: { actor: { type: "user", userId: user.userId, email: user.email, sessionId: "test" }, request: { ipAddress: null, userAgent: "vitest" } },
    input: { name: opts.name ?? "test key", expiresIn: opts.expiresIn, metadata: { organizationId: opts.organizationId ?? user.organizationId, scopes } },
  });
}

/** A live project row for suites that test what lives inside projects (URLs, imports, …). */
export async function createTestProject(user: TestUser, opts: { domain?: string; verified?: boolean } = {}) {
  const { db } = await import("@/lib/db");
  const domain = opts.domain ?? `site-${crypto.randomUUID().slice(0, 8)}.example`;
  return db.project.create({
    data: {
      organizationId: user.organizationId, createdByUserId: user.userId, name: domain, domain, liveDomain: domain,
      sitemapUrl: `https://${domain}/sitemap.xml`, ...(opts.verified ? { dnsVerifiedAt: new Date() } : {}),
    },
  });
}

export type TestTenant = TestUser & { ctx: import("@/lib/core/context").OrgCtx };

/** A fresh user with the owner's context for calling verbs directly (as a route would after auth). */
export async function createTestTenant(tag = "tenant"): Promise<TestTenant> {
  const user = await createTestUser(tag);
  return {
    ...user,
    ctx: { actor: { type: "user", userId: user.userId, email: user.email, sessionId: "test" }, org: { id: user.organizationId, role: "owner" }, request: { ipAddress: null, userAgent: "vitest" } },
  };
}
