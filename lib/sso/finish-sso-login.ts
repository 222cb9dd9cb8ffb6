import { systemCtx } from "@/lib/core/context";
import { z } from "zod";
import * as oidc from "openid-client";
import { db, withTransaction } from "@/lib/db";
import { decryptSecret } from "@/lib/engines/secret-box";
import { createUserWithOrganization } from "@/lib/users/ensure-user";
import { organizationSso, sha256, ssoRedirectUri } from "./internal";
import { providerConfig, type OidcFetch } from "./oidc-client";
import { SsoLoginError } from "./sso-login-error";

// The callback of the authorization-code flow (started by start-sso-login.ts) claims the stored request once,
// exchanges the code, lets openid-client validate the ID token (signature by the provider's JWKS, issuer,
// audience, nonce, expiry), then checks email_verified and that the email's domain is one the organization
// has verified. The person is created or found, joins the organization as a member when new to it, and gets
// a single-use handle (60 s) that the browser exchanges for a session: the provider's tokens never leave
// the server.

const HANDLE_TTL_MS = 60_000;

/** Completes a callback (its query string as received): answers the single-use handle and where to go after. */
export async function finishSsoLogin(search: URLSearchParams, fetch: OidcFetch, now = new Date()): Promise<{ handle: string; returnTo: string | null; organizationId: string }> {
  const state = search.get("state");
  if (!state || state.length > 512) throw new SsoLoginError("state", "The sign-in answer carries no state");
  const stateHash = sha256(state);
  // Claimed once: a replayed callback (same state, same nonce) finds nothing to claim.
  const claimed = await db.ssoAuthRequest.updateMany({ where: { stateHash, consumedAt: null, expiresAt: { gt: now } }, data: { consumedAt: now } });
  if (claimed.count !== 1) throw new SsoLoginError("state", "This sign-in attempt is unknown, already used or expired. Start again.");
  const request = await db.ssoAuthRequest.findUniqueOrThrow({ where: { stateHash } });
  const providerError = search.get("error");
  if (providerError) throw new SsoLoginError("provider", `The identity provider refused the sign-in: ${(search.get("error_description") ?? providerError).slice(0, 200)}`);

  const { org, settings } = await organizationSso({ id: request.organizationId });
  let claims: Record<string, unknown> | undefined;
  try {
    const config = await providerConfig(settings, fetch);
    const callbackUrl = new URL(ssoRedirectUri());
    callbackUrl.search = search.toString();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: decryptSecret(request.codeVerifierEnc, { aad: `sso-request:${stateHash}` }), expectedState: state, expectedNonce: request.nonce, idTokenExpected: true,
    }, { redirect_uri: ssoRedirectUri() });
    const idClaims = tokens.claims()!;
    claims = { ...idClaims };
    // Providers that follow the spec's default put email in the UserInfo response, not the ID token: ask it
    // (for the same subject) when the ID token has none.
    if (typeof idClaims.email !== "string") claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
  } catch (e) {
    throw new SsoLoginError("token", `The identity provider's answer was not accepted: ${(e as Error).message}`);
  }
  const email = typeof claims?.email === "string" ? claims.email.trim().toLowerCase() : null;
  // One plain address (a comma or group syntax would make mail to this account go to other mailboxes).
  if (!email || !z.email().max(320).safeParse(email).success) throw new SsoLoginError("email_unverified", "The identity provider did not tell us your email address");
  if (claims?.email_verified !== true) throw new SsoLoginError("email_unverified", "The identity provider has not verified your email address");
  const domain = email.split("@")[1];
  const claim = await db.ssoDomain.findFirst({ where: { organizationId: org.id, domain, verifiedAt: { not: null } }, select: { id: true } });
  if (!claim) throw new SsoLoginError("domain", `${domain} is not a verified domain of this organization`);

  const userId = await findOrCreateUser(email, now);
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { isActive: true, emailVerified: true } });
  if (!user.isActive) throw new SsoLoginError("account", "This account cannot sign in");
  const handle = await withTransaction(systemCtx("finish-sso-login"), async (ctx) => {
    const { tx } = ctx;
    if (!user.emailVerified) await tx.user.update({ where: { id: userId }, data: { emailVerified: now } });
    const member = await tx.membership.findUnique({ where: { organizationId_userId: { organizationId: org.id, userId } } });
    // Just in time: a person from a verified domain joins as a member.
    if (!member) await tx.membership.create({ data: { organizationId: org.id, userId, role: "member", lastActiveAt: now } });
    return tx.ssoHandle.create({ data: { userId, expiresAt: new Date(now.getTime() + HANDLE_TTL_MS) } });
  });
  return { handle: handle.id, returnTo: request.returnTo, organizationId: org.id };
}

/** The account of this address, created (with its personal organization) on a first sign-in. */
async function findOrCreateUser(email: string, now: Date): Promise<string> {
  const existing = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) return existing.id;
  try {
    return (await withTransaction(systemCtx("finish-sso-login"), (ctx) => createUserWithOrganization(ctx, { email, emailVerified: now }))).user.id;
  } catch (e) {
    if ((e as { code?: string }).code !== "P2002") throw e;
    return (await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id; // created concurrently
  }
}
