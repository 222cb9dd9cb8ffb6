// OpenAPI registrations of organization SSO (DESIGN.md "Endpoints beyond SPEC.md").
import { z } from "zod";
import { orgParams } from "@/lib/core/params";
import { claimDomainBody, domainParams, putSsoBody, SsoConfigResponse, SsoDomainResponse, VerifyDomainResponse } from "@/lib/sso/schemas";
import { defineOperation } from "../operation";

const tags = ["Organizations"];
const S = "/api/user/organizations/{organizationId}/sso";
const OW = ["organization:write", "organization:read"] as const;
const OWNERS = " Owners only: 403 FORBIDDEN with `meta.missingPermission: \"sso.manage\"` otherwise.";

export const getOrganizationSsoOp = defineOperation({ method: "GET", path: S, tags, scopes: ["organization:read"], params: orgParams, response: SsoConfigResponse, summary: "The organization's SSO provider (never its secret) and domain claims; null when none" });
export const putOrganizationSsoOp = defineOperation({
  method: "PUT", path: S, tags, scopes: [...OW], permission: "sso.manage", params: orgParams, body: putSsoBody, response: SsoConfigResponse,
  summary: "Set the organization's OIDC provider",
  description: "The issuer's discovery document is fetched first through the SSRF-safe fetcher: an issuer on an internal address, plain http (unless mapped by the "
    + "operator's CONNECT_TO), or a document naming another issuer is a 400; no answer is a 502. The client secret is sealed (AES-256-GCM). Register "
    + `\`redirectUri\` with the provider. Audited (settings.sso_configured).${OWNERS}`,
});
export const deleteOrganizationSsoOp = defineOperation({
  method: "DELETE", path: S, tags, scopes: [...OW], permission: "sso.manage", params: orgParams, response: z.object({ disabled: z.literal(true) }),
  summary: "Turn SSO off", description: `The provider and the domain claims are removed; members sign in by email link again. Audited (settings.sso_disabled).${OWNERS}`,
});
export const postOrganizationSsoDomainsOp = defineOperation({
  method: "POST", path: `${S}/domains`, tags, scopes: [...OW], permission: "sso.manage", params: orgParams, body: claimDomainBody, response: SsoDomainResponse, created: true,
  summary: "Claim an email domain", description: `Answers the TXT record that proves it. Shared mail providers (gmail.com …) cannot be claimed; a domain verified by another organization is a 409.${OWNERS}`,
});
export const postOrganizationSsoDomainVerifyOp = defineOperation({
  method: "POST", path: `${S}/domains/{domain}/verify`, tags, scopes: [...OW], permission: "sso.manage", params: domainParams, response: VerifyDomainResponse,
  summary: "Check a claimed domain's TXT record now", description: `Through the same resolver as project verification (DNS_SERVERS).${OWNERS}`,
});
