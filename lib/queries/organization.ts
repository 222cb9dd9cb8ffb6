import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { PaginationMeta } from "@/lib/core/pagination";
import type { InviteResponse } from "@/lib/invitations/schemas";
import type { BrandingResponse, DeletedOrganizationSummary, MemberResponse, OrganizationResponse } from "@/lib/organizations/schemas";
import type { putSsoBody, SsoConfigResponse } from "@/lib/sso/schemas";
import { fetchApi, fetchApiEnvelope } from "./fetch-api";

export type Organization = OrganizationResponse;
export type Member = MemberResponse;
export type Invite = InviteResponse;
export type SsoConfig = SsoConfigResponse;
export type SsoInput = z.input<typeof putSsoBody>;

const O = (organizationId: string) => `/api/user/organizations/${organizationId}`;
export const orgKeys = {
  all: (organizationId: string) => ["organization", organizationId] as const,
  org: (organizationId: string) => [...orgKeys.all(organizationId), "org"] as const,
  members: (organizationId: string, offset: number) => [...orgKeys.all(organizationId), "members", offset] as const,
  invites: (organizationId: string) => [...orgKeys.all(organizationId), "invites"] as const,
  sso: (organizationId: string) => [...orgKeys.all(organizationId), "sso"] as const,
  branding: (organizationId: string) => [...orgKeys.all(organizationId), "branding"] as const,
};

export type Branding = BrandingResponse;
export const brandingQuery = (organizationId: string) =>
  queryOptions({ queryKey: orgKeys.branding(organizationId), queryFn: ({ signal }) => fetchApi<Branding>(`${O(organizationId)}/branding`, { signal }) });
export const saveBranding = (organizationId: string, body: { displayName: string | null; accentColor: string | null }) =>
  fetchApi<Branding>(`${O(organizationId)}/branding`, { method: "PUT", body });
export const uploadLogo = (organizationId: string, file: File) => fetchApi<Branding>(`${O(organizationId)}/branding/logo`, { method: "PUT", body: file });
export const removeLogo = (organizationId: string) => fetchApi<Branding>(`${O(organizationId)}/branding/logo`, { method: "DELETE" });
/** The stored logo's address, changing with each upload so the browser shows the new one. */
export const logoUrl = (organizationId: string, updatedAt: string) => `${O(organizationId)}/branding/logo?v=${encodeURIComponent(updatedAt)}`;

export const deletedOrganizationsQuery = () =>
  queryOptions({ queryKey: ["organizations", "deleted"] as const, queryFn: ({ signal }) => fetchApi<DeletedOrganizationSummary[]>("/api/user/organizations/deleted", { signal }) });
export const restoreOrganization = (organizationId: string) => fetchApi<Organization>(`/api/user/organizations/deleted/${organizationId}/restore`, { method: "POST" });

export const organizationQuery = (organizationId: string) =>
  queryOptions({ queryKey: orgKeys.org(organizationId), queryFn: ({ signal }) => fetchApi<Organization>(O(organizationId), { signal }) });

export const MEMBERS_PAGE = 50;
export const membersQuery = (organizationId: string, offset = 0) =>
  queryOptions({
    queryKey: orgKeys.members(organizationId, offset),
    queryFn: async ({ signal }) => {
      const r = await fetchApiEnvelope<Member[]>(`${O(organizationId)}/members?offset=${offset}&limit=${MEMBERS_PAGE}`, { signal });
      return { data: r.data, meta: r.meta as PaginationMeta };
    },
    placeholderData: keepPreviousData,
  });

export const invitesQuery = (organizationId: string) =>
  queryOptions({ queryKey: orgKeys.invites(organizationId), queryFn: ({ signal }) => fetchApi<Invite[]>(`${O(organizationId)}/invites?limit=100`, { signal }) });

export const ssoQuery = (organizationId: string) =>
  queryOptions({ queryKey: orgKeys.sso(organizationId), queryFn: ({ signal }) => fetchApi<SsoConfig>(`${O(organizationId)}/sso`, { signal }) });

export const createOrganization = (name: string) => fetchApi<Organization>("/api/user/organizations", { method: "POST", body: { name } });
export const renameOrganization = (organizationId: string, name: string) => fetchApi<Organization>(O(organizationId), { method: "PATCH", body: { name } });
export const deleteOrganization = (organizationId: string) => fetchApi<{ purgeAfter: string }>(O(organizationId), { method: "DELETE" });
export const changeRole = (organizationId: string, userId: string, role: Member["role"]) => fetchApi<Member>(`${O(organizationId)}/members/${userId}`, { method: "PATCH", body: { role } });
export const removeMember = (organizationId: string, userId: string) => fetchApi(`${O(organizationId)}/members/${userId}`, { method: "DELETE" });
export const leaveOrganization = (organizationId: string) => fetchApi(`${O(organizationId)}/leave`, { method: "POST" });
export const transferOwnership = (organizationId: string, userId: string) => fetchApi<Member>(`${O(organizationId)}/transfer-ownership`, { method: "POST", body: { userId } });
export const sendInvite = (organizationId: string, email: string, role: Invite["role"]) => fetchApi<Invite>(`${O(organizationId)}/invites`, { method: "POST", body: { email, role } });
export const revokeInvite = (organizationId: string, id: string) => fetchApi<Invite>(`${O(organizationId)}/invites/${id}`, { method: "DELETE" });
export const resendInvite = (organizationId: string, id: string) => fetchApi<Invite>(`${O(organizationId)}/invites/${id}/resend`, { method: "POST" });
export const saveSso = (organizationId: string, input: SsoInput) => fetchApi<SsoConfig>(`${O(organizationId)}/sso`, { method: "PUT", body: input });
export const disableSso = (organizationId: string) => fetchApi(`${O(organizationId)}/sso`, { method: "DELETE" });
export const claimSsoDomain = (organizationId: string, domain: string) => fetchApi(`${O(organizationId)}/sso/domains`, { method: "POST", body: { domain } });
export const verifySsoDomain = (organizationId: string, domain: string) =>
  fetchApi<{ domain: string; verified: boolean; error: string | null }>(`${O(organizationId)}/sso/domains/${encodeURIComponent(domain)}/verify`, { method: "POST" });

/** The organization's credit balance, as the header shows it: read again whenever something spends credits (invalidate this key). */
export const creditBalanceQuery = (organizationId: string) =>
  queryOptions({
    queryKey: [...orgKeys.all(organizationId), "credit-balance"] as const,
    queryFn: async ({ signal }) => (await fetchApi<Organization>(O(organizationId), { signal })).creditBalance,
  });
