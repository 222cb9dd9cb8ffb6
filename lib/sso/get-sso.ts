import { db } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { orgId, ssoLoginPath, ssoRedirectUri, toDomain } from "./internal";
import type { SsoConfigResponse } from "./schemas";

export async function getSso(ctx: Ctx): Promise<SsoConfigResponse> {
  const [sso, org, domains] = await Promise.all([
    db.organizationSso.findUnique({ where: { organizationId: orgId(ctx) } }),
    db.organization.findUniqueOrThrow({ where: { id: orgId(ctx) }, select: { slug: true } }),
    db.ssoDomain.findMany({ where: { organizationId: orgId(ctx) }, orderBy: { domain: "asc" } }),
  ]);
  if (!sso) return null;
  return {
    provider: sso.provider, issuer: sso.issuer, clientId: sso.clientId, enforce: sso.enforce, enabled: sso.enabled,
    loginUrl: ssoLoginPath(org.slug), redirectUri: ssoRedirectUri(), domains: domains.map(toDomain), updatedAt: sso.updatedAt.toISOString(),
  };
}
