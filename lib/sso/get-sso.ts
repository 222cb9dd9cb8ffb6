import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { ssoLoginPath, ssoRedirectUri, toDomain } from "./internal";
import type { SsoConfigResponse } from "./schemas";

export async function getSso(ctx: OrgCtx): Promise<SsoConfigResponse> {
  const [sso, org, domains] = await Promise.all([
    db.organizationSso.findUnique({ where: { organizationId: ctx.org.id } }),
    db.organization.findUniqueOrThrow({ where: { id: ctx.org.id }, select: { slug: true } }),
    db.ssoDomain.findMany({ where: { organizationId: ctx.org.id }, orderBy: { domain: "asc" } }),
  ]);
  if (!sso) return null;
  return {
    provider: sso.provider, issuer: sso.issuer, clientId: sso.clientId, enforce: sso.enforce, enabled: sso.enabled,
    loginUrl: ssoLoginPath(org.slug), redirectUri: ssoRedirectUri(), domains: domains.map(toDomain), updatedAt: sso.updatedAt.toISOString(),
  };
}
