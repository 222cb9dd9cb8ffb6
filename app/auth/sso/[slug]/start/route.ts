import { safeOidcFetch } from "@/lib/api/oidc-fetch";
import { startSsoLogin } from "@/lib/sso/start-sso-login";
import { SsoLoginError } from "@/lib/sso/sso-login-error";
import { ssoFailed } from "../../failed";

// GET /auth/sso/{organizationSlug}/start?email=&returnTo= — redirects to the organization's identity provider
export async function GET(req: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const url = new URL(req.url);
  try {
    const location = await startSsoLogin(slug.slice(0, 200), { fetch: safeOidcFetch, returnTo: url.searchParams.get("returnTo"), loginHint: url.searchParams.get("email") });
    return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
  } catch (e) {
    if (e instanceof SsoLoginError) return ssoFailed(e);
    console.error("[sso] start failed", e);
    return ssoFailed(new SsoLoginError("provider", "Single sign-on could not start"));
  }
}
