import crypto from "node:crypto";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { db, dbOf } from "@/lib/db";
import { iso } from "@/lib/core/iso";
import { getProjectOrThrow } from "@/lib/projects/internal";

const PREFIX = "iwlog_";

export const hashIngestToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A new push token for the project (shown once; only its SHA-256 is kept), replacing any previous one at once. */
export async function createIngestToken(ctx: OrgCtx, projectId: string) {
  const project = await getProjectOrThrow(ctx, projectId);
  const token = `${PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const data = { tokenHash: hashIngestToken(token), start: token.slice(0, PREFIX.length + 6), createdByUserId: actorUserId(ctx), createdAt: new Date(), lastUsedAt: null };
  const row = await dbOf(ctx).logIngestToken.upsert({
    where: { projectId: project.id }, create: { projectId: project.id, organizationId: ctx.org.id, ...data }, update: data,
  });
  return { token, start: row.start, createdAt: row.createdAt.toISOString() };
}

/** Revokes the project's push token (idempotent). */
export async function revokeIngestToken(ctx: OrgCtx, projectId: string) {
  const project = await getProjectOrThrow(ctx, projectId);
  const { count } = await dbOf(ctx).logIngestToken.deleteMany({ where: { projectId: project.id, organizationId: ctx.org.id } });
  return { revoked: count > 0 };
}

/** Whether the project has a push token, for the token card (never the token). */
export async function getIngestTokenStatus(ctx: OrgCtx, projectId: string) {
  const project = await getProjectOrThrow(ctx, projectId);
  const row = await dbOf(ctx).logIngestToken.findUnique({ where: { projectId: project.id } });
  return { exists: Boolean(row), start: row?.start ?? null, createdAt: iso(row?.createdAt), lastUsedAt: iso(row?.lastUsedAt) };
}

/** The live project a presented token belongs to, or null (unknown, revoked, or its project deleted). */
export async function projectOfIngestToken(token: string) {
  if (!token.startsWith(PREFIX) || token.length > 200) return null;
  const row = await db.logIngestToken.findUnique({
    where: { tokenHash: hashIngestToken(token) },
    select: { projectId: true, organizationId: true, lastUsedAt: true, project: { select: { domain: true, deletedAt: true } } },
  });
  if (!row || row.project.deletedAt) return null;
  return { projectId: row.projectId, organizationId: row.organizationId, domain: row.project.domain, lastUsedAt: row.lastUsedAt };
}
