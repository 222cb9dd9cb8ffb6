import { z } from "zod";
import { uuidParam } from "@/lib/core/params";
import { isBareDomain } from "@/lib/projects/bare-domain";

export const SSO_PROVIDERS = ["provider_a", "provider_b", "custom_oidc"] as const;

export const putSsoBody = z.object({
  provider: z.enum(SSO_PROVIDERS),
  issuer: z.string().trim().min(1).max(2048).pipe(z.url({ protocol: /^https?$/, error: "The issuer is an http(s) URL" })),
  clientId: z.string().trim().min(1).max(255),
  clientSecret: z.string().min(1).max(1024),
  enforce: z.boolean().optional().describe("Members of the claimed domains must sign in through SSO (no magic link)"),
}).strict();

const domain = z.string().trim().toLowerCase().max(253).refine(isBareDomain, "A bare domain such as example.com");
export const claimDomainBody = z.object({ domain }).strict();
export const domainParams = z.object({ organizationId: uuidParam, domain });

export const SsoDomainResponse = z.object({
  domain: z.string(), verified: z.boolean(), verifiedAt: z.string().nullable(),
  dnsRecordName: z.string().describe("Create a TXT record with this name …"), dnsRecordValue: z.string().describe("… and this value"),
  lastCheckedAt: z.string().nullable(), error: z.string().nullable(),
});
export const VerifyDomainResponse = z.object({ domain: z.string(), verified: z.boolean(), error: z.string().nullable() });

export const SsoConfigResponse = z.object({
  provider: z.enum(SSO_PROVIDERS), issuer: z.string(), clientId: z.string(), enforce: z.boolean(), enabled: z.boolean(),
  loginUrl: z.string().describe("Where a member starts signing in (the sign-in page sends claimed domains here)"),
  redirectUri: z.string().describe("The redirect URI to register with the provider"),
  domains: z.array(SsoDomainResponse), updatedAt: z.string(),
}).nullable();
export type SsoConfigResponse = z.infer<typeof SsoConfigResponse>;
