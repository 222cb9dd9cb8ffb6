// Shared calls for the connection suites: every call goes through the real route handlers with real Requests.
import crypto from "node:crypto";
import { format } from "node:util";
import { afterAll, beforeAll } from "vitest";
import * as oauthUrlRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/gsc/oauth-url/route";
import * as callbackRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/gsc/callback/route";
import * as gscRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/gsc/route";
import * as engineBRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/engineB/route";
import * as connectionsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/connections/route";
import * as projectRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/route";
import { db } from "@/lib/db";
import { bearer, call } from "../http";
import { createTestProject, createTestTenant, type TestTenant } from "../factories";

export type Tenant = TestTenant;
export type Target = { organizationId: string; projectId: string; domain: string; headers: Record<string, string> };
export const createTenant = (tag: string) => createTestTenant(tag);

export const uniqueDomain = (tag = "p") => `${tag}-${crypto.randomUUID().slice(0, 8)}.connect.test`;

export async function projectOf(t: Tenant, tag = "p"): Promise<Target> {
  const domain = uniqueDomain(tag);
  const project = await createTestProject(t, { domain });
  return { organizationId: t.organizationId, projectId: project.id, domain, headers: bearer(t.sessionToken) };
}

const url = (c: Target, suffix: string) => `http://127.0.0.1:3000/api/user/organizations/${c.organizationId}/projects/${c.projectId}${suffix}`;
const params = (c: Target) => ({ organizationId: c.organizationId, id: c.projectId });

export const getOAuthUrl = (c: Target, state?: string) =>
  call(oauthUrlRoute.GET, { url: url(c, `/gsc/oauth-url${state === undefined ? "" : `?state=${encodeURIComponent(state)}`}`), headers: c.headers, params: params(c) });
export const postCallback = (c: Target, json: unknown, rawBody?: string) =>
  call(callbackRoute.POST, { method: "POST", url: url(c, "/gsc/callback"), headers: c.headers, params: params(c), json: rawBody === undefined ? json : undefined, rawBody });
export const deleteGsc = (c: Target) => call(gscRoute.DELETE, { method: "DELETE", url: url(c, "/gsc"), headers: c.headers, params: params(c) });
export const postEngineB = (c: Target, json: unknown, rawBody?: string) =>
  call(engineBRoute.POST, {
    method: "POST", url: url(c, "/engineB"), headers: rawBody === undefined ? c.headers : { ...c.headers, "content-type": "application/json" },
    params: params(c), json: rawBody === undefined ? json : undefined, rawBody,
  });
export const deleteEngineB = (c: Target) => call(engineBRoute.DELETE, { method: "DELETE", url: url(c, "/engineB"), headers: c.headers, params: params(c) });
export const getConnections = (c: Target) => call(connectionsRoute.GET, { url: url(c, "/connections"), headers: c.headers, params: params(c) });
export const getProject = (c: Target) => call(projectRoute.GET, { url: url(c, ""), headers: c.headers, params: params(c) });

/** The project row with its sealed secrets (omitted from every ordinary query). */
export const secretsOf = (projectId: string) => db.project.findUniqueOrThrow({
  where: { id: projectId }, omit: { gscRefreshTokenEnc: false, engineBApiKeyEnc: false },
});

export async function auditOf(projectId: string) {
  const rows = await db.auditLog.findMany({ where: { targetId: projectId }, orderBy: { createdAt: "asc" } });
  return rows.map((r) => ({ action: r.action.replace(/_/, "."), userId: r.userId, apiKeyId: r.apiKeyId, metadata: r.metadata as Record<string, unknown> }));
}

export const STATUS_KEYS = ["domain", "engineBConnected", "engineBConnectedAt", "gscConnected", "gscConnectedAt", "gscPropertyUrl", "projectId"];

/**
 * Every console line written while the suite runs (the test runner's own output aside), so a suite can
 * assert that no secret was ever logged. Lines are still printed.
 */
export function captureLogs(): { lines: string[] } {
  const captured = { lines: [] as string[] };
  const methods = ["log", "info", "warn", "error", "debug", "trace"] as const;
  const saved = new Map<string, (...args: unknown[]) => void>();
  beforeAll(() => {
    for (const m of methods) {
      const original = console[m].bind(console);
      saved.set(m, console[m]);
      console[m] = (...args: unknown[]) => { captured.lines.push(format(...args)); original(...args); };
    }
  });
  afterAll(() => { for (const m of methods) console[m] = saved.get(m)! as never; });
  return captured;
}

/** Asserts that none of `secrets` appears in `haystacks` (raw or URL-encoded). */
export function expectNoSecret(haystacks: readonly string[], secrets: readonly string[]): void {
  for (const secret of secrets) {
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      const hit = haystacks.find((h) => h.includes(form));
      if (hit) throw new Error(`a secret leaked: …${hit.slice(Math.max(0, hit.indexOf(form) - 60), hit.indexOf(form))}[secret]…`);
    }
  }
}
