import * as linksRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/share-links/route";
import * as linkRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/share-links/[shareLinkId]/route";
import { call } from "../http";
import type { Target } from "../urls/helpers";

const base = (t: Pick<Target, "orgId" | "projectId">) => `http://127.0.0.1:3000/api/user/organizations/${t.orgId}/projects/${t.projectId}/share-links`;
const params = (t: Pick<Target, "orgId" | "projectId">) => ({ organizationId: t.orgId, id: t.projectId });

export const createLink = (t: Omit<Target, "domain">, json: unknown = { expiresInDays: 30 }) =>
  call(linksRoute.POST, { method: "POST", url: base(t), headers: t.headers, json, params: params(t) });

export const listLinks = (t: Omit<Target, "domain">, query = "") =>
  call(linksRoute.GET, { url: `${base(t)}${query}`, headers: t.headers, params: params(t) });

export const revokeLink = (t: Omit<Target, "domain">, shareLinkId: string) =>
  call(linkRoute.DELETE, { method: "DELETE", url: `${base(t)}/${shareLinkId}`, headers: t.headers, params: { ...params(t), shareLinkId } });

/** The token at the end of a share link's URL. */
export const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;
