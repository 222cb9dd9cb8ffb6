// Shared calls for the verification suites: every call goes through the real route handlers.
import crypto from "node:crypto";
import * as verificationRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/verification/route";
import * as dnsTokenRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/dns-token/route";
import * as verifyDnsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/verify-dns/route";
import * as indexNowKeyRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/indexnow-key/route";
import * as verifyKeyRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/verify-key/route";
import { db } from "@/lib/db";
import { bearer, call } from "../http";
import { createTestProject, createTestTenant, type TestTenant } from "../factories";

export const ZONE = "verify.test";

export type Tenant = TestTenant;
export type Target = { organizationId: string; projectId: string; domain: string; headers: Record<string, string> };
export const createTenant = (tag: string) => createTestTenant(tag);

export const uniqueDomain = (tag = "p") => `${tag}-${crypto.randomUUID().slice(0, 8)}.${ZONE}`;

/** A project of the tenant on a fresh domain under ZONE, called with the tenant's session. */
export async function projectOf(t: Tenant, tag = "p"): Promise<Target> {
  const domain = uniqueDomain(tag);
  const project = await createTestProject(t, { domain });
  return { organizationId: t.organizationId, projectId: project.id, domain, headers: bearer(t.sessionToken) };
}

const url = (c: Target, suffix: string) => `http://127.0.0.1:3000/api/user/organizations/${c.organizationId}/projects/${c.projectId}/${suffix}`;
const params = (c: Target) => ({ organizationId: c.organizationId, id: c.projectId });

export const getVerification = (c: Target) => call(verificationRoute.GET, { url: url(c, "verification"), headers: c.headers, params: params(c) });
export const postDnsToken = (c: Target) => call(dnsTokenRoute.POST, { method: "POST", url: url(c, "dns-token"), headers: c.headers, params: params(c) });
export const postVerifyDns = (c: Target) => call(verifyDnsRoute.POST, { method: "POST", url: url(c, "verify-dns"), headers: c.headers, params: params(c) });
export const postVerifyKey = (c: Target) => call(verifyKeyRoute.POST, { method: "POST", url: url(c, "verify-key"), headers: c.headers, params: params(c) });
export const postIndexNowKey = (c: Target, json?: unknown, rawBody?: string) =>
  call(indexNowKeyRoute.POST, { method: "POST", url: url(c, "indexnow-key"), headers: c.headers, params: params(c), json, rawBody });

export const projectRow = (projectId: string) => db.project.findUniqueOrThrow({ where: { id: projectId } });

/** The project's audit actions, oldest first, spelled as the API spells them. */
export async function auditOf(projectId: string) {
  const rows = await db.auditLog.findMany({ where: { targetId: projectId }, orderBy: { createdAt: "asc" } });
  return rows.map((r) => ({ action: r.action.replace(/_/, "."), success: r.success, metadata: r.metadata as Record<string, unknown> }));
}

export const VERIFICATION_KEYS = [
  "projectId", "domain", "verified", "dnsRecordName", "dnsRecordValue", "dnsVerificationToken", "dnsVerifiedAt", "indexNowKey",
  "indexNowKeySource", "indexNowKeyFileUrl", "indexNowKeyVerifiedAt", "gscConnectedAt", "engineBConnectedAt",
].sort();
