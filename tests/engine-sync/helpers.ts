// A tenant with projects connected to the fake gsc (domain property) and, when asked, to fake engine B,
// for the engine-sync suites.
import crypto from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { db } from "@/lib/db";
import type { AuditOutcome } from "@/lib/audit/types";
import { sealEngineBKey, sealGscRefreshToken } from "@/lib/connections/secrets";
import { startFakeGsc, type FakeGsc } from "../fakes/gsc-server";
import { startFakeEngineB, type FakeEngineB } from "../fakes/engine-b-server";
import { createTestProject, createTestTenant, type TestTenant } from "../factories";
import { setEnvForSuite } from "../engines/helpers";

export type EngineFakes = { gsc: FakeGsc; engineB: FakeEngineB; tenant: TestTenant };

/** For a suite: the fake console and engine B started (and the app pointed at them), and a tenant; filled in beforeAll. */
export function engineFakesForSuite(tag: string): EngineFakes {
  const f = {} as EngineFakes;
  beforeAll(async () => { [f.gsc, f.engineB, f.tenant] = await Promise.all([startFakeGsc(), startFakeEngineB(), createTestTenant(tag)]); });
  afterAll(async () => { await Promise.all([f.gsc.close(), f.engineB.close()]); });
  setEnvForSuite(() => ({ ...f.gsc.env(), ...f.engineB.env() }));
  return f;
}

export type Setup = { projectId: string; organizationId: string; domain: string; property: string; refreshToken: string; urls: { id: string; url: string }[] };

/** A project with tracked URLs at `paths`, connected to gsc (domain property) and, when asked, to engine B. */
export async function connectedProject(
  fakes: { gsc: FakeGsc; engineB: FakeEngineB }, tenant: TestTenant, paths: string[], opts: { engineB?: boolean; gsc?: boolean } = {},
): Promise<Setup> {
  const domain = `es-${crypto.randomUUID().slice(0, 8)}.example`;
  const project = await createTestProject(tenant, { domain });
  const property = `sc-domain:${domain}`;
  const email = `owner-${domain}@example.test`;
  fakes.gsc.addUser(email, [{ siteUrl: property, permissionLevel: "siteOwner" }]);
  const { refreshToken } = fakes.gsc.issueTokens(email);
  const apiKey = `engine-b-key-${crypto.randomUUID()}`;
  fakes.engineB.addKey(apiKey, [{ Url: `https://${domain}/`, IsVerified: true }]);
  await db.project.update({
    where: { id: project.id },
    data: {
      ...(opts.gsc === false ? {} : { gscRefreshTokenEnc: sealGscRefreshToken(project.id, refreshToken), gscPropertyUrl: property, gscConnectedAt: new Date() }),
      ...(opts.engineB ? { engineBApiKeyEnc: sealEngineBKey(project.id, apiKey), engineBSiteUrl: `https://${domain}/`, engineBConnectedAt: new Date() } : {}),
    },
  });
  await db.trackedUrl.createMany({ data: paths.map((p) => ({ organizationId: tenant.organizationId, projectId: project.id, url: `https://${domain}${p}`, source: "manual" as const })) });
  const rows = await db.trackedUrl.findMany({ where: { projectId: project.id }, orderBy: { url: "asc" }, select: { id: true, url: true } });
  const urls = paths.map((p) => rows.find((r) => r.url === `https://${domain}${p}`)!);
  return { projectId: project.id, organizationId: tenant.organizationId, domain, property, refreshToken, urls };
}

export const ref = (s: Setup) => ({ organizationId: s.organizationId, projectId: s.projectId });
export const urlRow = (id: string) => db.trackedUrl.findUniqueOrThrow({ where: { id } });
export const historyOf = (id: string) => db.urlHistoryEntry.findMany({ where: { trackedUrlId: id }, orderBy: [{ observedAt: "asc" }, { kind: "asc" }] });
export const membership = (projectId: string, type: "discovered_not_indexed" | "crawled_not_indexed" | "dropped_from_index", trackedUrlId: string) =>
  db.issueUrlMembership.findFirst({ where: { trackedUrlId, issue: { projectId, type } } });

export const healthy = (url: string, over: Partial<AuditOutcome> = {}): AuditOutcome => ({
  url, checkedAt: new Date(), fetched: true, healthState: "healthy", httpStatus: 200, redirectHops: 0, redirectTarget: null, healthError: null,
  hops: [], indexability: "indexable", canonicalUrl: null, metaRobots: null, xRobotsTag: null, robots: null, wafVendor: null, detected: [], evaluated: [], durationMs: 1,
  ...over,
});
