import crypto from "node:crypto";
import * as urlsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/route";
import * as urlRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/route";
import * as statsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/stats/route";
import { bearer, call } from "../http";
import { createTestProject, type TestUser } from "../factories";

export const uniqueDomain = (tag = "urls") => `${tag}-${crypto.randomUUID().slice(0, 8)}.example`;

export type Target = { orgId: string; projectId: string; headers: Record<string, string>; domain: string };

export async function projectFor(user: TestUser, domain = uniqueDomain()): Promise<Target> {
  const project = await createTestProject(user, { domain });
  return { orgId: user.organizationId, projectId: project.id, headers: bearer(user.sessionToken), domain };
}

const base = (t: Pick<Target, "orgId" | "projectId">) => `http://127.0.0.1:3000/api/user/organizations/${t.orgId}/projects/${t.projectId}`;
const params = (t: Pick<Target, "orgId" | "projectId">) => ({ organizationId: t.orgId, id: t.projectId });

export function admit(t: Omit<Target, "domain">, urls: unknown, json: unknown = { urls }) {
  return call(urlsRoute.POST, { method: "POST", url: `${base(t)}/urls`, headers: t.headers, json, params: params(t) });
}

export function listUrls(t: Omit<Target, "domain">, query = "") {
  return call(urlsRoute.GET, { url: `${base(t)}/urls${query}`, headers: t.headers, params: params(t) });
}

export function getUrl(t: Omit<Target, "domain">, urlId: string) {
  return call(urlRoute.GET, { url: `${base(t)}/urls/${urlId}`, headers: t.headers, params: { ...params(t), urlId } });
}

export function getStats(t: Omit<Target, "domain">) {
  return call(statsRoute.GET, { url: `${base(t)}/stats`, headers: t.headers, params: params(t) });
}

export const urlsOn = (domain: string, n: number, prefix = "p") => Array.from({ length: n }, (_, i) => `https://${domain}/${prefix}${i}`);
