import crypto from "node:crypto";
import { appBaseUrl } from "@/lib/core/app-base-url";
import type { ShareLink } from "@/lib/db";
import { ShareLinkResponse } from "./schemas";

/** 32 random bytes, base64url: 43 characters, 256 bits (the link is the only credential of its page). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const newShareToken = () => crypto.randomBytes(32).toString("base64url");
export const isShareTokenShape = (token: string) => TOKEN.test(token);
export const hashShareToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Where a share link's pages live; the public page is app/share/[token]. */
export const sharePath = (token: string) => `/share/${token}`;
export const shareUrl = (token: string) => `${appBaseUrl()}${sharePath(token)}`;

export function shareLinkStatus(row: Pick<ShareLink, "expiresAt" | "revokedAt">, now = new Date()): ShareLinkResponse["status"] {
  return row.revokedAt ? "revoked" : row.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
}

/** The public shape (parsed, so the hash never leaves); `url` only when the token was just made. */
export function toShareLinkResponse(row: ShareLink, url: string | null = null, now = new Date()): ShareLinkResponse {
  return ShareLinkResponse.parse({
    id: row.id, url, expiresAt: row.expiresAt.toISOString(), createdAt: row.createdAt.toISOString(),
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null, viewCount: row.viewCount, revokedAt: row.revokedAt?.toISOString() ?? null,
    status: shareLinkStatus(row, now),
  });
}
