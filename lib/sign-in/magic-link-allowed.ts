import { ssoForDomain } from "@/lib/sso/sso-for-domain";

/** Whether an email link may be sent to this address (false when its domain's organization enforces SSO). */
export async function magicLinkAllowed(email: string): Promise<boolean> {
  const org = await ssoForDomain(email.split("@").pop() ?? "");
  return !org?.sso.enforce;
}
