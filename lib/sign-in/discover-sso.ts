import type { z } from "zod";
import { ssoForDomain } from "@/lib/sso/sso-for-domain";
import { ssoLoginPath } from "@/lib/sso/internal";
import type { SsoDiscoverResponse } from "./schemas";

/** Organization SSO for an email domain (a verified claim, a provider enabled), or null. */
export async function discoverSso(domain: string): Promise<z.infer<typeof SsoDiscoverResponse>> {
  const org = await ssoForDomain(domain);
  return org ? { organizationSlug: org.slug, organizationName: org.name, ssoProvider: org.sso.provider, loginUrl: ssoLoginPath(org.slug) } : null;
}
