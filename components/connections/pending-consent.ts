// What the console's redirect back to /projects/gsc/callback cannot carry: which organization, project
// and property the consent was started for. Kept in sessionStorage (this tab only) under the state,
// written just before leaving for the consent page and removed once the connection is made. It also
// says which page the user started from (Connections or the setup wizard), to send them back there.
export type PendingConsent = { organizationId: string; projectId: string; propertyUrl: string; from?: ConsentOrigin };
/** The page the user started from, and goes back to: the project's Connections tab or its setup wizard. */
export type ConsentOrigin = "connections" | "setup";

const PREFIX = "indexwatch:gsc-consent:";

/** A fresh state: 32 random bytes, base64url (43 characters, within the API's 16-512). */
export function newOAuthState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function savePendingConsent(state: string, pending: PendingConsent): void {
  sessionStorage.setItem(PREFIX + state, JSON.stringify(pending));
}

export function readPendingConsent(state: string): PendingConsent | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(PREFIX + state) ?? "null") as Partial<PendingConsent> | null;
    return v && typeof v.organizationId === "string" && typeof v.projectId === "string" && typeof v.propertyUrl === "string"
      ? { organizationId: v.organizationId, projectId: v.projectId, propertyUrl: v.propertyUrl, from: v.from === "setup" ? "setup" : "connections" }
      : null;
  } catch {
    return null;
  }
}

export function forgetPendingConsent(state: string): void {
  sessionStorage.removeItem(PREFIX + state);
}
