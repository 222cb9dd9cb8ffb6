// A project on a fresh host of the fake site (tests/audit/helpers), connected to the fake Google Search Console
// and the fake Bing, with tracked URLs: what the removal suites follow.
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { sealEngineBKey, sealGscRefreshToken } from "@/lib/connections/secrets";
import type { FakeGsc } from "../fakes/gsc-server";
import type { FakeEngineB } from "../fakes/engine-b-server";
import { bearer } from "../http";
import type { TestTenant } from "../factories";
import type { Host } from "../audit/helpers";

export type RemovalProject = {
  projectId: string; organizationId: string; domain: string; headers: Record<string, string>;
  urls: Record<string, { id: string; url: string }>;
};

export async function removalProject(
  tenant: TestTenant, host: Pick<Host, "host">, paths: string[], fakes: { gsc?: FakeGsc; engineB?: FakeEngineB } = {},
): Promise<RemovalProject> {
  const domain = host.host;
  const project = await db.project.create({
    data: { organizationId: tenant.organizationId, createdByUserId: tenant.userId, name: domain, domain, liveDomain: domain, sitemapUrl: `https://${domain}/sitemap.xml` },
  });
  const data: Record<string, unknown> = {};
  if (fakes.gsc) {
    const property = `sc-domain:${domain}`;
    const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.test`;
    fakes.gsc.addUser(email, [{ siteUrl: property, permissionLevel: "siteOwner" }]);
    const { refreshToken } = fakes.gsc.issueTokens(email);
    Object.assign(data, { gscRefreshTokenEnc: sealGscRefreshToken(project.id, refreshToken), gscPropertyUrl: property, gscConnectedAt: new Date() });
  }
  if (fakes.engineB) {
    const apiKey = `engine-b-key-${crypto.randomUUID()}`;
    fakes.engineB.addKey(apiKey, [{ Url: `https://${domain}/`, IsVerified: true }]);
    Object.assign(data, { engineBApiKeyEnc: sealEngineBKey(project.id, apiKey), engineBSiteUrl: `https://${domain}/`, engineBConnectedAt: new Date() });
  }
  if (Object.keys(data).length) await db.project.update({ where: { id: project.id }, data });
  await db.trackedUrl.createMany({ data: paths.map((p) => ({ organizationId: tenant.organizationId, projectId: project.id, url: `https://${domain}${p}`, source: "manual" as const })) });
  const rows = await db.trackedUrl.findMany({ where: { projectId: project.id }, select: { id: true, url: true } });
  const urls = Object.fromEntries(paths.map((p) => [p, rows.find((r) => r.url === `https://${domain}${p}`)!]));
  return { projectId: project.id, organizationId: tenant.organizationId, domain, headers: bearer(tenant.sessionToken), urls };
}

export const ref = (p: RemovalProject) => ({ organizationId: p.organizationId, projectId: p.projectId });
export const base = (p: Pick<RemovalProject, "organizationId" | "projectId">) => `http://127.0.0.1:3000/api/user/organizations/${p.organizationId}/projects/${p.projectId}/removals`;
export const params = (p: Pick<RemovalProject, "organizationId" | "projectId">, extra: Record<string, string> = {}) => ({ organizationId: p.organizationId, id: p.projectId, ...extra });
export const outbox = (organizationId: string, name: string) =>
  db.eventOutbox.findMany({ where: { name, data: { path: ["organizationId"], equals: organizationId } }, orderBy: { createdAt: "asc" } });
