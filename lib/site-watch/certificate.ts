import { readPeerCertificate, type PeerCertificateResult } from "@/lib/net/peer-certificate";
import { CERT_WARN_DAYS } from "./config";

export type CertificateReader = (host: string) => Promise<PeerCertificateResult>;
export const defaultCertificateReader: CertificateReader = (host) => readPeerCertificate(host);

/** `ok`, `invalid` (read, but not trusted for the name or expired), `unreadable` (no TLS answer or no certificate), `not_https`. */
export type CertificateState = "ok" | "invalid" | "unreadable" | "not_https";
export type CertificateCheck = { state: CertificateState; expiresAt: Date | null; issuer: string | null; error: string | null };

/** Reads the certificate of the watched origin (https only); a certificate that cannot be read is a state, never an error. */
export async function checkCertificate(origin: string, read: CertificateReader = defaultCertificateReader): Promise<CertificateCheck> {
  const url = new URL(origin);
  if (url.protocol !== "https:") return { state: "not_https", expiresAt: null, issuer: null, error: null };
  let result: PeerCertificateResult;
  try {
    result = await read(url.hostname);
  } catch (e) {
    result = { ok: false, kind: "tls", error: `${url.hostname}: the certificate could not be read (${(e as Error).message})` };
  }
  if (!result.ok) return { state: "unreadable", expiresAt: null, issuer: null, error: result.error };
  return { state: result.trusted ? "ok" : "invalid", expiresAt: result.validTo, issuer: result.issuer, error: result.trustError };
}

/** Whole days left until the certificate ends (negative once expired), null when unknown. */
export function daysLeft(expiresAt: Date | null, now: Date): number | null {
  return expiresAt ? Math.floor((expiresAt.getTime() - now.getTime()) / 86_400_000) : null;
}

/** 14 days or less left (or expired): `certificate_expiring` is open. */
export const isExpiring = (expiresAt: Date | null, now: Date) => !!expiresAt && expiresAt.getTime() - now.getTime() <= CERT_WARN_DAYS * 86_400_000;
