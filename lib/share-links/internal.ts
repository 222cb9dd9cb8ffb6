import crypto from "node:crypto";
import { appBaseUrl } from "@/lib/core/app-base-url";
import type { ShareLink } from "@/lib/db";
import { decryptSecret, encryptSecret } from "@/lib/engines/secret-box";
import { ShareLinkResponse } from "./schemas";

/** 32 random bytes, base64url: 43 characters, 256 bits (the link is the only credential of its page). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newShareToken = () => crypto.randomBytes(32).toString("base64url");
export const isShareTokenShape = (token: string) => TOKEN.test(token);
export const hashShareToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Where a share link's pages live; the public page is app/share/[token]. */
export const sharePath = (token: string) => `/share/${token}`;
export const shareUrl = (token: string) => `${appBaseUrl()}${sharePath(token)}`;

/** The token sealed for the owner's later copies, bound to its project (a box moved to another project does not open). */
export const sealShareToken = (token: string, projectId: string) => encryptSecret(token, { aad: `share-link:${projectId}` });

/** The URL of a link that still answers, for the owner to copy again; null once it has expired or was revoked. */
export function activeShareUrl(row: Pick<ShareLink, "tokenEnc" | "projectId" | "expiresAt" | "revokedAt">, now = new Date()): string | null {
  if (!row.tokenEnc || shareLinkStatus(row, now) !== "active") return null;
  return shareUrl(decryptSecret(row.tokenEnc, { aad: `share-link:${row.projectId}` }));
}

export function shareLinkStatus(row: Pick<ShareLink, "expiresAt" | "revokedAt">, now = new Date()): ShareLinkResponse["status"] {
  return row.revokedAt ? "revoked" : row.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}

/** The public shape (parsed, so neither the hash nor the sealed token leaves); `url` while the link answers. */
export function toShareLinkResponse(row: ShareLink, now = new Date()): ShareLinkResponse {
  const url = activeShareUrl(row, now);
  return ShareLinkResponse.parse({
    id: row.id, url, expiresAt: row.expiresAt.toISOString(), createdAt: row.createdAt.toISOString(),
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null, viewCount: row.viewCount, revokedAt: row.revokedAt?.toISOString() ?? null,
    status: shareLinkStatus(row, now),
  });
}
