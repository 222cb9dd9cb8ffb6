// The permission matrix, table-driven: every route under /api/user/organizations/{organizationId}, every
// method, for each role (owner, admin, member) and both credential kinds (session, API key with every
// scope): a route that names a permission answers 403 with meta.missingPermission exactly for the roles
// lib/auth/permissions.ts leaves out, and every other route never answers 403 for a member. A new route
// without a row here fails the coverage check.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db, type OrgRole } from "@/lib/db";
import { API_ROUTES } from "@/lib/api/route-table.generated";
import { PERMISSIONS, roleAllows, type Permission } from "@/lib/auth/permissions";
import { SCOPES } from "@/lib/auth/scopes";
import { apiKeyHeader, bearer, call } from "../http";
import { createTestApiKey, createTestUser, type TestUser } from "../factories";

const ORG = "/api/user/organizations/[organizationId]";

/** The permission each organization-management route names; null: every member may call it. */
const MATRIX: Record<string, Permission | null> = {
  [`GET ${ORG}`]: null,
  [`PATCH ${ORG}`]: "organization.update",
  [`DELETE ${ORG}`]: "organization.delete",
  [`GET ${ORG}/members`]: null,
  [`GET ${ORG}/portfolio`]: null,
  [`GET ${ORG}/credits/ledger`]: null,
  [`GET ${ORG}/credits/usage`]: null,
  [`GET ${ORG}/credits/forecast`]: null,
  [`PATCH ${ORG}/members/[userId]`]: "members.manage",
  [`DELETE ${ORG}/members/[userId]`]: "members.manage",
  [`POST ${ORG}/leave`]: null,
  [`POST ${ORG}/transfer-ownership`]: "ownership.transfer",
  [`GET ${ORG}/invites`]: null,
  [`POST ${ORG}/invites`]: "invites.manage",
  [`DELETE ${ORG}/invites/[inviteId]`]: "invites.manage",
  [`POST ${ORG}/invites/[inviteId]/resend`]: "invites.manage",
  [`GET ${ORG}/sso`]: null,
  [`PUT ${ORG}/sso`]: "sso.manage",
  [`DELETE ${ORG}/sso`]: "sso.manage",
  [`POST ${ORG}/sso/domains`]: "sso.manage",
  [`POST ${ORG}/sso/domains/[domain]/verify`]: "sso.manage",
  [`GET ${ORG}/webhooks`]: null,
  [`POST ${ORG}/webhooks`]: "webhooks.manage",
  [`GET ${ORG}/webhooks/[webhookId]`]: null,
  [`PATCH ${ORG}/webhooks/[webhookId]`]: "webhooks.manage",
  [`DELETE ${ORG}/webhooks/[webhookId]`]: "webhooks.manage",
  [`GET ${ORG}/webhooks/[webhookId]/deliveries`]: null,
  [`POST ${ORG}/webhooks/[webhookId]/deliveries/[deliveryId]/replay`]: "webhooks.manage",
  [`POST ${ORG}/webhooks/[webhookId]/test`]: "webhooks.manage",
  [`POST ${ORG}/webhooks/[webhookId]/rotate-secret`]: "webhooks.manage",
  [`GET ${ORG}/branding`]: null,
  [`PUT ${ORG}/branding`]: "branding.manage",
  [`GET ${ORG}/branding/logo`]: null,
  [`PUT ${ORG}/branding/logo`]: "branding.manage",
  [`DELETE ${ORG}/branding/logo`]: "branding.manage",
};

type Case = { key: string; route: string; method: string; permission: Permission | null };
const cases: Case[] = API_ROUTES.filter((r) => r.path.startsWith(ORG)).flatMap((r) =>
  r.methods.map((method) => {
    const key = `${method} ${r.path}`;
    // Project routes: every member reads and writes projects.
    const permission = r.path.startsWith(`${ORG}/projects`) ? null : MATRIX[key];
    return { key, route: r.path, method, permission: permission === undefined ? ("UNLISTED" as Permission) : permission };
  }));
// Destructive calls go last, so that the rest run while the caller is still a member of a live organization.
const order = (c: Case) => (c.key === `DELETE ${ORG}` ? 1 : c.key === `POST ${ORG}/leave` ? 2 : 0);
cases.sort((a, b) => order(a) - order(b));

it("has a row for every organization route and method", () => {
  expect(cases.filter((c) => c.permission === ("UNLISTED" as Permission)).map((c) => c.key)).toEqual([]);
  expect(cases.length).toBeGreaterThan(50);
});

async function load(route: string) {
  return import(/* @vite-ignore */ path.join(process.cwd(), "app", route, "route.ts")) as Promise<Record<string, (req: Request, ctx: unknown) => Promise<Response>>>;
}

function fill(route: string, organizationId: string) {
  const values: Record<string, string> = { organizationId, domain: "example.com" };
  const params: Record<string, string> = {};
  const url = route.replace(/\[([^\]]+)\]/g, (_, name: string) => (params[name] = values[name] ?? crypto.randomUUID()));
  return { url: `http://127.0.0.1:3000${url}`, params };
}

describe.each(["owner", "admin", "member"] as OrgRole[])("as %s", (role) => {
  describe.each(["session", "apiKey"] as const)("with a %s", (kind) => {
    let caller: TestUser;
    let headers: Record<string, string>;
    let organizationId: string;
    beforeAll(async () => {
      const owner = await createTestUser(`matrix-owner-${role}-${kind}`);
      const org = await db.organization.create({ data: { name: `Matrix ${role} ${kind}`, slug: `matrix-${crypto.randomUUID()}` } });
      organizationId = org.id;
      await db.membership.create({ data: { organizationId, userId: owner.userId, role: "owner" } });
      caller = role === "owner" ? owner : await createTestUser(`matrix-${role}-${kind}`);
      if (role !== "owner") await db.membership.create({ data: { organizationId, userId: caller.userId, role } });
      headers = kind === "session" ? bearer(caller.sessionToken) : apiKeyHeader((await createTestApiKey(caller, [...SCOPES], { organizationId })).key);
    });

    it("is allowed exactly what the matrix gives the role", async () => {
      const wrong: string[] = [];
      for (const c of cases) {
        const mod = await load(c.route);
        const { url, params } = fill(c.route, organizationId);
        const handler = mod[c.method];
        const { res, body } = await call(handler as never, { method: c.method, url, headers, params, ...(["POST", "PUT", "PATCH", "DELETE"].includes(c.method) ? { json: {} } : {}) });
        const allowed = c.permission === null || roleAllows(role, c.permission);
        if (allowed && res.status === 403) wrong.push(`${c.key}: 403 for an allowed ${role}`);
        if (!allowed && (res.status !== 403 || (body.meta as { missingPermission?: string } | undefined)?.missingPermission !== c.permission)) {
          wrong.push(`${c.key}: ${res.status} instead of 403 ${c.permission}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  });
});

it("names only roles that exist, and owners have every permission", () => {
  for (const [permission, roles] of Object.entries(PERMISSIONS)) {
    expect(roles.every((r) => ["owner", "admin", "member"].includes(r)), permission).toBe(true);
    expect(roles, permission).toContain("owner");
  }
});
