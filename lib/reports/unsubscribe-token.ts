import crypto from "node:crypto";
import { appBaseUrl } from "@/lib/core/app-base-url";

// The one-click unsubscribe link of a report mail: `{projectId}.{HMAC-SHA256 of (project, address)}` under
// NEXTAUTH_SECRET. Unguessable, bound to one project and one address, needing no storage, and without the address
// itself (URLs end up in logs): the address is found among the project's recipients, past and present.

const DEV_SECRET = "development-only-secret-change-me";
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

function secret(): string {
  const s = process.env.NEXTAUTH_SECRET ?? (process.env.NODE_ENV === "production" ? "" : DEV_SECRET);
  if (!s) throw new Error("NEXTAUTH_SECRET is required to sign the unsubscribe links of report mails");
  return s;
}

const mac = (projectId: string, email: string) =>
  crypto.createHmac("sha256", secret()).update(`report-unsubscribe\u0000${projectId}\u0000${email.trim().toLowerCase()}`).digest();

export const reportUnsubscribeToken = (projectId: string, email: string) => `${projectId}.${mac(projectId, email).toString("base64url")}`;

export const reportUnsubscribeUrl = (projectId: string, email: string) =>
  `${appBaseUrl()}/api/reports/unsubscribe?token=${encodeURIComponent(reportUnsubscribeToken(projectId, email))}`;

/** The project a well-formed token names and its MAC; null for anything malformed. */
export function parseReportUnsubscribeToken(token: string): { projectId: string; mac: Buffer } | null {
  const m = TOKEN.exec(token);
  return m ? { projectId: m[1], mac: Buffer.from(m[2], "base64url") } : null;
}

/** Whether the token was made for this address of its project (constant time). */
export function tokenNames(token: { projectId: string; mac: Buffer }, email: string): boolean {
  const expected = mac(token.projectId, email);
  return token.mac.length === expected.length && crypto.timingSafeEqual(token.mac, expected);
}
