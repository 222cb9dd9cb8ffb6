import * as oidc from "openid-client";
import { db } from "@/lib/db";
import { encryptSecret } from "@/lib/engines/secret-box";
import { organizationSso, sha256, ssoRedirectUri } from "./internal";
import { providerConfig, type OidcFetch } from "./oidc-client";
import { SsoLoginError } from "./sso-login-error";

// The authorization-code flow with PKCE, state and nonce. The start stores a single-use request (state as
// its SHA-256, the PKCE verifier sealed) for 10 minutes; the callback (finish-sso-login.ts) claims it once.

const REQUEST_TTL_MS = 10 * 60_000;

/** Only paths on this site (no scheme, no //host): an open redirect through the sign-in is refused. */
function safeReturnTo(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 512 || !raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\") || /[\u0000-\u001f]/.test(raw)) return null;
  return raw;
}

/** The provider's authorization URL for a new sign-in of this organization. */
export async function startSsoLogin(slug: string, opts: { fetch: OidcFetch; returnTo?: string | null; loginHint?: string | null }, now = new Date()): Promise<string> {
  const { org, settings } = await organizationSso({ slug });
  const config = await providerConfig(settings, opts.fetch).catch((e: Error) => {
    throw new SsoLoginError("provider", `The identity provider cannot be reached: ${e.message}`);
  });
  const state = oidc.randomState(), nonce = oidc.randomNonce(), verifier = oidc.randomPKCECodeVerifier();
  const stateHash = sha256(state);
  await db.ssoAuthRequest.create({
    data: {
      organizationId: org.id, stateHash, nonce, codeVerifierEnc: encryptSecret(verifier, { aad: `sso-request:${stateHash}` }),
      returnTo: safeReturnTo(opts.returnTo), expiresAt: new Date(now.getTime() + REQUEST_TTL_MS),
    },
  });
  const hint: Record<string, string> = opts.loginHint && opts.loginHint.length <= 320 ? { login_hint: opts.loginHint } : {};
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: ssoRedirectUri(), scope: "openid email profile", state, nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", ...hint,
  }).href;
}
