import { db } from "@/lib/db";

/** The organization whose SSO covers an email domain: a verified claim and an enabled provider. */
export async function ssoForDomain(domain: string) {
  const d = await db.ssoDomain.findFirst({
    where: { domain: domain.toLowerCase(), verifiedAt: { not: null }, organization: { deletedAt: null, sso: { enabled: true } } },
    select: { organization: { select: { id: true, slug: true, name: true, sso: { select: { provider: true, enforce: true } } } } },
  });
  return d?.organization.sso ? { ...d.organization, sso: d.organization.sso } : null;
}
