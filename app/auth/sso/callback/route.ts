import { safeOidcFetch } from "@/lib/api/oidc-fetch";
import { finishSsoLogin } from "@/lib/sso/finish-sso-login";
import { SsoLoginError } from "@/lib/sso/sso-login-error";
import { ssoFailed } from "../failed";

// GET /auth/sso/callback — the provider's answer: validated server-side, then a single-use handle for /auth/sso/complete
export async function GET(req: Request) {
  try {
    const { handle, returnTo } = await finishSsoLogin(new URL(req.url).searchParams, safeOidcFetch);
    const next = new URLSearchParams({ handle, ...(returnTo ? { returnTo } : {}) });
    return new Response(null, { status: 303, headers: { location: `/auth/sso/complete?${next}`, "cache-control": "no-store" } });
  } catch (e) {
    if (e instanceof SsoLoginError) return ssoFailed(e);
    console.error("[sso] callback failed", e);
    return ssoFailed(new SsoLoginError("token", "Single sign-on could not complete"));
  }
}
