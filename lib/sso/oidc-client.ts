import * as oidc from "openid-client";
import { DomainError } from "@/lib/core/errors";
import { resolveConnectTo } from "@/lib/net/connect-to";
import { envConnectTo, portOf } from "@/lib/net/url-policy";

// The organization's OIDC provider through openid-client, every call of it (discovery, JWKS, token) through
// our SSRF-safe fetcher (handed in by the edge: lib/api/oidc-fetch.ts): the issuer is customer input, so an issuer
// on an internal address is refused like any other URL a customer gives. Only an issuer that an operator mapped
// with CONNECT_TO (tests, a private IdP on purpose) may use plain http.

/**
 * The fetch openid-client calls the provider with. It answers the Fetch API's Response, which only the HTTP edge builds:
 * the edge passes lib/api/oidc-fetch.ts (the safe fetcher behind that signature) into the verbs that reach the provider.
 */
export type OidcFetch = oidc.CustomFetch;

/** Whether an http:// issuer is operator configuration (a CONNECT_TO entry for its host and port). */
function insecureAllowed(issuer: URL): boolean {
  return issuer.protocol === "http:" && resolveConnectTo(envConnectTo(), issuer.hostname, portOf(issuer)) !== null;
}

export type ProviderSettings = { issuer: string; clientId: string; clientSecret: string };

const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();
const CACHE_MS = 10 * 60_000;

/**
 * The provider's configuration from its discovery document (cached 10 minutes per issuer and client).
 * Failures answer 400 VALIDATION_ERROR when the issuer is refused or not an OIDC issuer, 502 UPSTREAM_ERROR
 * when it does not answer.
 */
export async function providerConfig(s: ProviderSettings, fetch: OidcFetch): Promise<oidc.Configuration> {
  const key = `${s.issuer}\n${s.clientId}\n${s.clientSecret}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.config;
  const config = discover(s, fetch);
  cache.set(key, { at: Date.now(), config });
  config.catch(() => cache.delete(key));
  return config;
}

async function discover(s: ProviderSettings, fetch: OidcFetch): Promise<oidc.Configuration> {
  const issuer = new URL(s.issuer);
  if (issuer.protocol !== "https:" && !insecureAllowed(issuer)) throw issuerError("The issuer must be an https URL");
  try {
    return await oidc.discovery(issuer, s.clientId, { client_secret: s.clientSecret }, oidc.ClientSecretPost(s.clientSecret), {
      [oidc.customFetch]: fetch, timeout: 10, ...(issuer.protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
  } catch (e) {
    const message = (e as Error).message ?? String(e);
    if (/blocked|invalid_url|not allowed|internal|local hostname|private|loopback/i.test(message)) throw issuerError(`The issuer cannot be reached: ${message}`);
    if (/dns|connection|timeout|tls|ECONN|fetch failed/i.test(message)) throw new DomainError("UPSTREAM_ERROR", `The issuer did not answer its discovery document: ${message}`);
    throw issuerError(`The issuer's discovery document is not usable: ${message}`);
  }
}

function issuerError(message: string) {
  return new DomainError("VALIDATION_ERROR", message, { errors: [{ path: "issuer", code: "issuer_refused", message }] });
}

/** Forget cached configurations (tests; a changed provider). */
export function clearProviderCache(): void {
  cache.clear();
}
