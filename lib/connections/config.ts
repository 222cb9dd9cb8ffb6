import { DomainError } from "@/lib/core/errors";

// The OAuth client of gsc and the key that seals stored secrets, read at call time.
export type GscClient = { clientId: string; clientSecret: string; redirectUri: string };

const read = (name: string) => process.env[name]?.trim() || "";

/**
 * Where gsc sends the browser back: `GSC_REDIRECT_URI`, else the dashboard's own callback
 * page `${NEXTAUTH_URL}/projects/gsc/callback` (one fixed address, as the provider requires it registered).
 */
export function gscRedirectUri(): string {
  const configured = read("GSC_REDIRECT_URI");
  if (configured) return configured;
  const base = (read("NEXTAUTH_URL") || "http://localhost:3000").replace(/\/+$/, "");
  return `${base}/projects/gsc/callback`;
}

/** The OAuth client's id and secret (GSC_CLIENT_ID, GSC_CLIENT_SECRET), or null when either is missing. */
export function gscOAuthCredentials(): { clientId: string; clientSecret: string } | null {
  const clientId = read("GSC_CLIENT_ID");
  const clientSecret = read("GSC_CLIENT_SECRET");
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/** gsc's OAuth client, or 503 INTEGRATION_NOT_CONFIGURED. */
export function gscClientOrThrow(): GscClient {
  const credentials = gscOAuthCredentials();
  if (!credentials) {
    throw new DomainError("INTEGRATION_NOT_CONFIGURED", "The Google Search Console connection is not configured on this server (GSC_CLIENT_ID, GSC_CLIENT_SECRET)", { integration: "gsc" });
  }
  assertEncryptionConfigured("gsc");
  return { ...credentials, redirectUri: gscRedirectUri() };
}

/** Secrets are only ever stored sealed: without a usable ENCRYPTION_KEY nothing is connected (503). */
export function assertEncryptionConfigured(integration: "gsc" | "engineB"): void {
  if (!/^[0-9a-fA-F]{64}$/.test(read("ENCRYPTION_KEY"))) {
    throw new DomainError("INTEGRATION_NOT_CONFIGURED", "Stored credentials cannot be encrypted on this server (ENCRYPTION_KEY is missing or not 64 hex characters)", { integration });
  }
}
