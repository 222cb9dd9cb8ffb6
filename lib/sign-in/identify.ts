import type { z } from "zod";
import { ssoForDomain } from "@/lib/sso/sso-for-domain";
import { ssoLoginPath } from "@/lib/sso/internal";
import type { IdentifyResponse } from "./schemas";

/**
 * Which sign-in to offer. An email whose domain an organization has verified for SSO (with a provider
 * enabled) gets `sso` with the organization's login URL, and no magic link when the organization enforces
 * SSO; every other email gets the email link. The answer depends on the domain only, never on whether the
 * account exists (no enumeration), and hasPasskey is always false before authentication.
 */
export async function identify(email: string): Promise<z.infer<typeof IdentifyResponse>> {
  const org = await ssoForDomain(email.split("@").pop() ?? "");
  if (!org) return { method: "password", hasPasskey: false, allowMagicLink: true };
  return { method: "sso", ssoProvider: org.sso.provider, ssoRedirectUrl: ssoLoginPath(org.slug), hasPasskey: false, allowMagicLink: !org.sso.enforce };
}
