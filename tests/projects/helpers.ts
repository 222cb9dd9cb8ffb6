// Shared paths and calls for the projects suites: every call goes through the real route handlers.
import crypto from "node:crypto";
import * as list from "@/app/api/user/organizations/[organizationId]/projects/route";
import * as one from "@/app/api/user/organizations/[organizationId]/projects/[id]/route";
import * as status from "@/app/api/user/organizations/[organizationId]/projects/[id]/status/route";
import * as preview from "@/app/api/user/organizations/[organizationId]/projects/[id]/activation-preview/route";
import * as automation from "@/app/api/user/organizations/[organizationId]/projects/[id]/automation/route";
import { bearer, call } from "../http";
import type { TestUser } from "../factories";

export const routes = { list, one, status, preview, automation };

export const uniqueDomain = (tag = "site") => `${tag}-${crypto.randomUUID().slice(0, 8)}.example`;

const base = (orgId: string) => `http://127.0.0.1:3000/api/user/organizations/${orgId}/projects`;

type Auth = Record<string, string>;
export const as = (u: TestUser): Auth => bearer(u.sessionToken);

export function createProjectCall(orgId: string, auth: Auth, json: unknown) {
  return call(list.POST, { method: "POST", url: base(orgId), headers: auth, json, params: { organizationId: orgId } });
}

export function listProjectsCall(orgId: string, auth: Auth, qs = "") {
  return call(list.GET, { url: `${base(orgId)}${qs ? `?${qs}` : ""}`, headers: auth, params: { organizationId: orgId } });
}

export function projectCall(
  handler: Parameters<typeof call>[0], orgId: string, id: string, auth: Auth,
  opts: { method?: string; json?: unknown; suffix?: string } = {},
) {
  return call(handler, {
    method: opts.method ?? "GET", url: `${base(orgId)}/${id}${opts.suffix ?? ""}`, headers: auth, json: opts.json,
    params: { organizationId: orgId, id },
  });
}
