import crypto from "node:crypto";
import type { z } from "zod";
import { db, Prisma, type Tx } from "@/lib/db";
import { appBaseUrl } from "@/lib/core/app-base-url";
import { actorUserId, type Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { pageMeta } from "@/lib/core/pagination";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { sendMail } from "@/lib/mail/send-mail";
import { notifyUsers } from "@/lib/notifications/notify-members";
import { consumeInvitation } from "@/lib/rate-limit/consume-invitation";
import type { createInviteBody, InviteResponse, listInvitesQuery, PublicInvite } from "./schemas";

// Invitations by email with a role: 7 days, single use, the token (in the mailed link only) stored as its
// SHA-256. One open invitation per organization and address (a partial unique index); resending replaces
// the token, so the old link dies. Sending counts against the organization's daily limit (rate limits).

export const INVITE_TTL_DAYS = 7;
const orgId = (ctx: Ctx) => ctx.org!.id;
const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const newToken = () => crypto.randomBytes(32).toString("base64url");

type Row = Prisma.InvitationGetPayload<object> & { invitedByEmail?: string | null };

function statusOf(r: Row, now = new Date()): InviteResponse["status"] {
  if (r.acceptedAt) return "accepted";
  if (r.revokedAt) return "revoked";
  return r.expiresAt <= now ? "expired" : "pending";
}

const toResponse = (r: Row): InviteResponse => ({
  id: r.id, email: r.email, role: r.role as InviteResponse["role"], status: statusOf(r), invitedByEmail: r.invitedByEmail ?? null,
  expiresAt: r.expiresAt.toISOString(), sentCount: r.sentCount, lastSentAt: r.lastSentAt.toISOString(),
  acceptedAt: r.acceptedAt?.toISOString() ?? null, revokedAt: r.revokedAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(),
});

/** Inside a transaction pass its `tx`: the embedded database serves one connection, so `db` would wait for the transaction to end. */
async function inviterEmails(rows: Row[], client: Tx = db) {
  const ids = [...new Set(rows.map((r) => r.invitedByUserId).filter((x): x is string => !!x))];
  const users = await client.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  const byId = new Map(users.map((u) => [u.id, u.email]));
  return rows.map((r) => ({ ...r, invitedByEmail: r.invitedByUserId ? (byId.get(r.invitedByUserId) ?? null) : null }));
}

export async function listInvites(ctx: Ctx, q: z.infer<typeof listInvitesQuery>, now = new Date()) {
  const byStatus: Record<string, Prisma.InvitationWhereInput> = {
    pending: { acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    accepted: { acceptedAt: { not: null } },
    revoked: { revokedAt: { not: null }, acceptedAt: null },
    expired: { acceptedAt: null, revokedAt: null, expiresAt: { lte: now } },
  };
  const where = { organizationId: orgId(ctx), ...(q.status ? byStatus[q.status] : {}) };
  const [rows, total] = await Promise.all([
    db.invitation.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: q.offset, take: q.limit }),
    db.invitation.count({ where }),
  ]);
  return { data: (await inviterEmails(rows)).map(toResponse), meta: pageMeta(total, q) };
}

async function inviteOrThrow(tx: Tx, ctx: Ctx, inviteId: string) {
  const row = await tx.invitation.findFirst({ where: { id: inviteId, organizationId: orgId(ctx) } });
  if (!row) throw new DomainError("NOT_FOUND", "Invitation not found");
  return row;
}

function inviteLink(token: string) {
  return `${appBaseUrl()}/invites/${token}`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function mailInvite(to: string, token: string, organizationName: string, inviterEmail: string, role: string, expiresAt: Date) {
  const link = inviteLink(token);
  const text = `${inviterEmail} invited you to join ${organizationName} on IndexWatch as ${role === "admin" ? "an admin" : "a member"}.\n\n`
    + `Accept the invitation: ${link}\n\nThe link works once and expires on ${expiresAt.toUTCString()}. If you did not expect it, ignore this email.`;
  const html = `<p><strong>${escapeHtml(inviterEmail)}</strong> invited you to join <strong>${escapeHtml(organizationName)}</strong> on IndexWatch as ${role === "admin" ? "an admin" : "a member"}.</p>`
    + `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p><p style="color:#475569">The link works once and expires on ${escapeHtml(expiresAt.toUTCString())}. If you did not expect it, ignore this email.</p>`;
  await sendMail({ to, subject: `Join ${organizationName} on IndexWatch`, text, html, url: link });
}

/** Invites an address with a role; 409 when it is a member or already has an open invitation; 429 beyond the daily limit. */
export async function createInvite(ctx: Ctx, input: z.infer<typeof createInviteBody>, now = new Date()): Promise<InviteResponse> {
  const token = newToken();
  const { row, organizationName } = await db.$transaction(async (tx) => {
    const org = await tx.organization.findUniqueOrThrow({ where: { id: orgId(ctx) }, select: { name: true } });
    const member = await tx.membership.findFirst({ where: { organizationId: orgId(ctx), user: { email: input.email } }, select: { id: true } });
    if (member) throw new DomainError("CONFLICT", `${input.email} is already a member`);
    // An expired invitation no longer holds the address: it is closed so a new one can be made.
    await tx.invitation.updateMany({ where: { organizationId: orgId(ctx), email: input.email, acceptedAt: null, revokedAt: null, expiresAt: { lte: now } }, data: { revokedAt: now } });
    try {
      const row = await tx.invitation.create({
        data: {
          organizationId: orgId(ctx), email: input.email, role: input.role, tokenHash: hashToken(token), invitedByUserId: actorUserId(ctx),
          expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000), lastSentAt: now,
        },
      });
      await recordAudit({ action: "member.invited", ...auditActor(ctx), target: { type: "invitation", id: row.id }, metadata: { email: input.email, role: input.role } }, tx);
      return { row, organizationName: org.name };
    } catch (e) {
      if ((e as { code?: string }).code === "P2002") throw new DomainError("CONFLICT", `${input.email} already has an open invitation; resend it instead`);
      throw e;
    }
  });
  // Counted once the invitation is sure to be sent (a refused duplicate costs nothing); over the limit, undone.
  try {
    await consumeInvitation(orgId(ctx));
  } catch (e) {
    await db.invitation.delete({ where: { id: row.id } });
    throw e;
  }
  await mailInvite(input.email, token, organizationName, ctx.actor.type === "system" ? "IndexWatch" : ctx.actor.email, input.role, row.expiresAt);
  await notifyInvitee(input.email, orgId(ctx), organizationName);
  return toResponse({ ...row, invitedByEmail: ctx.actor.type === "system" ? null : ctx.actor.email });
}

/** invite.sent (always delivered, nothing to configure) in-app to the invitee when they already have an account. */
async function notifyInvitee(email: string, organizationId: string, organizationName: string) {
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return;
  await notifyUsers([user.id], null, {
    type: "invite.sent", title: `You are invited to ${organizationName}`, body: "Open the link in the invitation email to join.", data: { organizationId },
  }).catch((e) => console.error("[invitations] could not notify", e));
}

export async function revokeInvite(ctx: Ctx, inviteId: string, now = new Date()): Promise<InviteResponse> {
  return db.$transaction(async (tx) => {
    const row = await inviteOrThrow(tx, ctx, inviteId);
    if (row.acceptedAt) throw new DomainError("CONFLICT", "This invitation was accepted; remove the member instead");
    if (row.revokedAt) return toResponse((await inviterEmails([row], tx))[0]);
    const updated = await tx.invitation.update({ where: { id: row.id }, data: { revokedAt: now } });
    await recordAudit({ action: "member.invite_revoked", ...auditActor(ctx), target: { type: "invitation", id: row.id }, metadata: { email: row.email } }, tx);
    return toResponse((await inviterEmails([updated], tx))[0]);
  });
}

function assertResendable(invite: { acceptedAt: Date | null; revokedAt: Date | null }) {
  if (invite.acceptedAt || invite.revokedAt) throw new DomainError("CONFLICT", `This invitation was ${invite.acceptedAt ? "accepted" : "revoked"}; send a new one`);
}

/** A new token and seven more days; the old link dies at once. */
export async function resendInvite(ctx: Ctx, inviteId: string, now = new Date()): Promise<InviteResponse> {
  const token = newToken();
  // Checked, then counted (a refused resend costs nothing), before the transaction: the limiter's store is
  // another connection, which the embedded database would only serve once the transaction had ended.
  assertResendable(await inviteOrThrow(db, ctx, inviteId));
  await consumeInvitation(orgId(ctx));
  const { row, organizationName } = await db.$transaction(async (tx) => {
    const current = await inviteOrThrow(tx, ctx, inviteId);
    assertResendable(current); // again, under the transaction: revoked or accepted meanwhile
    const row = await tx.invitation.update({
      where: { id: current.id },
      data: { tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000), sentCount: { increment: 1 }, lastSentAt: now },
    });
    await recordAudit({ action: "member.invite_resent", ...auditActor(ctx), target: { type: "invitation", id: row.id }, metadata: { email: row.email, sentCount: row.sentCount } }, tx);
    const org = await tx.organization.findUniqueOrThrow({ where: { id: orgId(ctx) }, select: { name: true } });
    return { row, organizationName: org.name };
  });
  await mailInvite(row.email, token, organizationName, ctx.actor.type === "system" ? "IndexWatch" : ctx.actor.email, row.role, row.expiresAt);
  return toResponse((await inviterEmails([row]))[0]);
}

/** The open, unexpired invitation behind a token, or null (unknown, used, revoked, expired, or its organization deleted). */
async function openInvite(tx: Tx, token: string, now: Date) {
  if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return null;
  const row = await tx.invitation.findUnique({ where: { tokenHash: hashToken(token) }, include: { organization: { select: { name: true, deletedAt: true } } } });
  if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= now || row.organization.deletedAt) return null;
  return row;
}

const gone = () => new DomainError("NOT_FOUND", "This invitation does not exist, was already used, was revoked or has expired");

/** SPEC.md's PublicInvite for whoever holds the link, without credentials. */
export async function getPublicInvite(token: string, now = new Date()): Promise<PublicInvite> {
  const row = await openInvite(db, token, now);
  if (!row) throw gone();
  const inviter = row.invitedByUserId ? await db.user.findUnique({ where: { id: row.invitedByUserId }, select: { email: true } }) : null;
  return { organizationName: row.organization.name, inviterEmail: inviter?.email ?? "IndexWatch", role: row.role as PublicInvite["role"], expiresAt: row.expiresAt.toISOString() };
}

/**
 * Accepts for the signed-in user, who must hold the invited address (403 otherwise, naming neither
 * address beyond what the link shows). Single use: of two accepts at once, one wins and the other is a 404.
 */
export async function acceptInvite(ctx: Ctx, token: string, now = new Date()) {
  if (ctx.actor.type === "system") throw new DomainError("FORBIDDEN", "Only a person can accept an invitation");
  const actor = ctx.actor;
  const accepted = await db.$transaction(async (tx) => {
    const row = await openInvite(tx, token, now);
    if (!row) throw gone();
    if (row.email.toLowerCase() !== actor.email.toLowerCase()) {
      throw new DomainError("FORBIDDEN", "This invitation was sent to another email address. Sign in with that address to accept it.", { missingPermission: "invitation.recipient" });
    }
    const claimed = await tx.invitation.updateMany({ where: { id: row.id, acceptedAt: null, revokedAt: null }, data: { acceptedAt: now, acceptedByUserId: actor.userId } });
    if (claimed.count !== 1) throw gone();
    const existing = await tx.membership.findUnique({ where: { organizationId_userId: { organizationId: row.organizationId, userId: actor.userId } } });
    if (!existing) await tx.membership.create({ data: { organizationId: row.organizationId, userId: actor.userId, role: row.role, lastActiveAt: now } });
    await recordAudit({
      action: "member.accepted", userId: actor.userId, organizationId: row.organizationId, target: { type: "invitation", id: row.id },
      metadata: { email: row.email, role: row.role, alreadyMember: !!existing }, request: ctx.request,
    }, tx);
    return { row, alreadyMember: !!existing };
  });
  const { row } = accepted;
  if (row.invitedByUserId) {
    await notifyUsers([row.invitedByUserId], row.organizationId, {
      type: "invite.accepted", title: `${row.email} joined ${row.organization.name}`, body: `They accepted your invitation as ${row.role}.`,
      data: { organizationId: row.organizationId, email: row.email, role: row.role },
    }).catch((e) => console.error("[invitations] could not notify", e));
  }
  return { organizationId: row.organizationId, organizationName: row.organization.name, role: row.role as PublicInvite["role"] };
}
