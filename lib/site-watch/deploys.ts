import crypto from "node:crypto";
import type { z } from "zod";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { DomainError, validationError } from "@/lib/core/errors";
import { iso } from "@/lib/core/iso";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { db, type Deploy } from "@/lib/db";
import { hashIngestToken } from "@/lib/crawl-logs/store/ingest-token";
import { sendEvents } from "@/lib/events/send-event";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { countTokenFailure, refuseAddressAfterTokenFailures } from "@/lib/rate-limit/ingest-token-failures";
import { deployBody } from "./site-changes-schemas";

// Deploys of the customer's site: recorded with an API key (projects:write) or the project's deploy hook
// token (shown once, only its SHA-256 kept: the log-ingest token's pattern and hash). A deploy runs the
// sentinels at once, emits `deploy.recorded`, and site changes name the deploy just before them.

const PREFIX = "iwdep_";
/** A deploy's `at` may be this far in the future (clock skew) and this far in the past. */
const FUTURE_MS = 5 * 60_000;
const PAST_MS = 400 * 86_400_000;

type DeployInput = z.infer<typeof deployBody>;

export const toDeployResponse = (d: Deploy) => ({
  id: d.id, at: d.at.toISOString(), ref: d.ref, description: d.description, source: d.source as "api" | "hook", createdAt: d.createdAt.toISOString(),
});

export async function listDeploys(ctx: OrgCtx, projectId: string, page: Pagination) {
  const project = await getProjectOrThrow(ctx, projectId);
  const where = { projectId: project.id, organizationId: ctx.org.id };
  const [total, rows] = await Promise.all([
    db.deploy.count({ where }),
    db.deploy.findMany({ where, orderBy: [{ at: "desc" }, { id: "desc" }], skip: page.offset, take: page.limit }),
  ]);
  return { data: rows.map(toDeployResponse), meta: pageMeta(total, page) };
}

export async function createDeploy(ctx: OrgCtx, projectId: string, body: DeployInput, now = new Date()) {
  const project = await getProjectOrThrow(ctx, projectId);
  return recordDeploy({ organizationId: ctx.org.id, projectId: project.id }, body, "api", now);
}

/** POST /api/hooks/deploys: the deploy hook token names the project (and only it); a bad token is a 401. */
export async function recordDeployWithHook(hook: { token: string | null; ipAddress: string | null }, body: DeployInput, now = new Date()) {
  const { token, ipAddress: ip } = hook;
  await refuseAddressAfterTokenFailures(ip);
  const project = token ? await projectOfDeployToken(token) : null;
  if (!project) {
    await countTokenFailure(ip);
    throw new DomainError("UNAUTHORIZED", "Missing, unknown or revoked deploy hook token");
  }
  await db.deployHookToken.update({ where: { projectId: project.projectId }, data: { lastUsedAt: now } });
  return recordDeploy(project, body, "hook", now);
}

async function recordDeploy(p: { organizationId: string; projectId: string }, body: DeployInput, source: "api" | "hook", now: Date) {
  const at = body.at ? new Date(body.at) : now;
  if (at.getTime() > now.getTime() + FUTURE_MS || at.getTime() < now.getTime() - PAST_MS) {
    throw validationError("at must be within the last 400 days and not in the future", [{ path: "at", message: "Out of range", code: "out_of_range" }]);
  }
  const row = await db.deploy.create({
    data: { organizationId: p.organizationId, projectId: p.projectId, at, ref: body.ref ?? null, description: body.description || null, source },
  });
  await sendEvents([
    { name: "deploy.recorded", id: `deploy.recorded-${row.id}`, data: { organizationId: p.organizationId, projectId: p.projectId, deployId: row.id, at: at.toISOString(), ref: row.ref, description: row.description, source } },
    { name: "site-watch/sentinels.requested", id: `sentinels-${row.id}`, data: { organizationId: p.organizationId, projectId: p.projectId, deployId: row.id } },
  ]);
  return toDeployResponse(row);
}

/** A new deploy hook token (shown once; only its SHA-256 kept), replacing any previous one at once. */
export async function createDeployHookToken(ctx: OrgCtx, projectId: string) {
  const project = await getProjectOrThrow(ctx, projectId);
  const token = `${PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const data = { tokenHash: hashIngestToken(token), start: token.slice(0, PREFIX.length + 6), createdByUserId: actorUserId(ctx), createdAt: new Date(), lastUsedAt: null };
  const row = await db.deployHookToken.upsert({ where: { projectId: project.id }, create: { projectId: project.id, organizationId: ctx.org.id, ...data }, update: data });
  return { token, start: row.start, createdAt: row.createdAt.toISOString() };
}

export async function revokeDeployHookToken(ctx: OrgCtx, projectId: string) {
  const project = await getProjectOrThrow(ctx, projectId);
  const { count } = await db.deployHookToken.deleteMany({ where: { projectId: project.id, organizationId: ctx.org.id } });
  return { revoked: count > 0 };
}

export async function getDeployHookTokenStatus(ctx: OrgCtx, projectId: string) {
  const project = await getProjectOrThrow(ctx, projectId);
  const row = await db.deployHookToken.findUnique({ where: { projectId: project.id } });
  return { exists: Boolean(row), start: row?.start ?? null, createdAt: iso(row?.createdAt), lastUsedAt: iso(row?.lastUsedAt) };
}

async function projectOfDeployToken(token: string) {
  if (!token.startsWith(PREFIX) || token.length > 200) return null;
  const row = await db.deployHookToken.findUnique({
    where: { tokenHash: hashIngestToken(token) }, select: { projectId: true, organizationId: true, project: { select: { deletedAt: true } } },
  });
  if (!row || row.project.deletedAt) return null;
  return { projectId: row.projectId, organizationId: row.organizationId };
}
