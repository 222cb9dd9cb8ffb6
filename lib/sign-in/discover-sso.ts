import type { z } from "zod";
import { ssoForDomain, ssoLoginPath } from "@/lib/sso/sso-config";
import type { SsoDiscoverResponse } from "./schemas";

/** Organization SSO for an email domain (a verified claim, a provider enabled), or null. */
export async function discoverSso(domain: string): Promise<z.infer<typeof SsoDiscoverResponse>> {
  const org = await ssoForDomain(domain);
  return org ? { organizationSlug: org.slug, organizationName: org.name, ssoProvider: org.sso.provider, loginUrl: ssoLoginPath(org.slug) } : null;
}
