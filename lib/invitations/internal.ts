import crypto from "node:crypto";
import { db, Prisma, dbOf } from "@/lib/db";
import { appBaseUrl } from "@/lib/core/app-base-url";
import type { OrgCtx, Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { sendMail } from "@/lib/mail/send-mail";
import { unlinkable } from "@/lib/mail/unlinkable";
import type { InviteResponse } from "./schemas";
import { escapeHtml } from "@/lib/mail/escape-html";

// Invitations by email with a role: 7 days, single use, the token (in the mailed link only) stored as its
// SHA-256. One open invitation per organization and address (a partial unique index); resending replaces
// the token, so the old link dies. Sending counts against the organization's daily limit (rate limits).

export const INVITE_TTL_DAYS = 7;

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export const newToken = () => crypto.randomBytes(32).toString("base64url");

type Row = Prisma.InvitationGetPayload<object> & { invitedByEmail?: string | null };

function statusOf(r: Row, now = new Date()): InviteResponse["status"] {
  if (r.acceptedAt) return "accepted";
  if (r.revokedAt) return "revoked";
  return r.expiresAt <= now ? "expired" : "pending";
}

export const toInviteResponse = (r: Row): InviteResponse => ({
  id: r.id, email: r.email, role: r.role as InviteResponse["role"], status: statusOf(r), invitedByEmail: r.invitedByEmail ?? null,
  expiresAt: r.expiresAt.toISOString(), sentCount: r.sentCount, lastSentAt: r.lastSentAt.toISOString(),
  acceptedAt: r.acceptedAt?.toISOString() ?? null, revokedAt: r.revokedAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(),
});

/** Inside a transaction pass its `tx`: the embedded database serves one connection, so `db` would wait for the transaction to end. */
export async function inviterEmails(rows: Row[], ctx?: Ctx) {
  const client = ctx ? dbOf(ctx) : db;
  const ids = [...new Set(rows.map((r) => r.invitedByUserId).filter((x): x is string => !!x))];
  const users = await client.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  const byId = new Map(users.map((u) => [u.id, u.email]));
  return rows.map((r) => ({ ...r, invitedByEmail: r.invitedByUserId ? (byId.get(r.invitedByUserId) ?? null) : null }));
}

export async function inviteOrThrow(ctx: OrgCtx, inviteId: string) {
  const tx = dbOf(ctx);
  const row = await tx.invitation.findFirst({ where: { id: inviteId, organizationId: ctx.org.id } });
  if (!row) throw new DomainError("NOT_FOUND", "Invitation not found");
  return row;
}

function inviteLink(token: string) {
  return `${appBaseUrl()}/invites/${token}`;
}


/** The invitation mail; the organization's free-text name is made unlinkable (an invitation goes to any address). */
export async function mailInvite(to: string, token: string, name: string, inviterEmail: string, role: string, expiresAt: Date) {
  const link = inviteLink(token);
  const organizationName = unlinkable(name);
  const text = `${inviterEmail} invited you to join ${organizationName} on IndexWatch as ${role === "admin" ? "an admin" : "a member"}.\n\n`
    + `Accept the invitation: ${link}\n\nThe link works once and expires on ${expiresAt.toUTCString()}. If you did not expect it, ignore this email.`;
  const html = `<p><strong>${escapeHtml(inviterEmail)}</strong> invited you to join <strong>${escapeHtml(organizationName)}</strong> on IndexWatch as ${role === "admin" ? "an admin" : "a member"}.</p>`
    + `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p><p style="color:#475569">The link works once and expires on ${escapeHtml(expiresAt.toUTCString())}. If you did not expect it, ignore this email.</p>`;
  await sendMail({ to, subject: `Join ${organizationName} on IndexWatch`, text, html, url: link });
}

/** The open, unexpired invitation behind a token, or null (unknown, used, revoked, expired, or its organization deleted). */
export async function openInvite(ctx: Ctx, token: string, now: Date) {
  const tx = dbOf(ctx);
  if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return null;
  const row = await tx.invitation.findUnique({ where: { tokenHash: hashToken(token) }, include: { organization: { select: { name: true, deletedAt: true } } } });
  if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= now || row.organization.deletedAt) return null;
  return row;
}

export const gone = () => new DomainError("NOT_FOUND", "This invitation does not exist, was already used, was revoked or has expired");
