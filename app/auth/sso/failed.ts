import type { SsoLoginError } from "@/lib/sso/sso-login-error";

/** Back to the sign-in page with the reason (components/auth/sign-in-errors.ts shows it). */
export function ssoFailed(e: SsoLoginError): Response {
  const params = new URLSearchParams({ error: "SsoFailed", reason: e.code, message: e.message.slice(0, 300) });
  return new Response(null, { status: 303, headers: { location: `/sign-in?${params}`, "cache-control": "no-store" } });
}
