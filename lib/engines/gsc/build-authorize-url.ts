import { authorizeEndpoint, GSC_SCOPE } from "./config";

/**
 * The consent page URL: offline access (a refresh token) and forced consent (so a reconnect gets a
 * refresh token again), read-only webmaster scope, previously granted scopes kept.
 */
export function buildAuthorizeUrl(input: { clientId: string; redirectUri: string; state: string }): string {
  const url = new URL(authorizeEndpoint());
  const params: Record<string, string> = {
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    response_type: "code",
    scope: GSC_SCOPE,
    state: input.state,
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: "true",
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}
