import crypto from "node:crypto";
import { dbOf, Prisma, uuidArray, withTransaction, type RemovalBatch, type RemovalIntent } from "@/lib/db";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { connectedEngines } from "@/lib/connections/connected-engines";
import { suppliedUrlRefusal } from "@/lib/net/url-policy";
import { normalizeUrl } from "@/lib/urls/normalize-url";
import { progressOf, refreshBatch, toBatchResponse } from "./internal";
import type { RemovalBatchResponse, RemovalWarning } from "./schemas";

// What declaring by body (declare-removal.ts) and by file (import-removals.ts) share: the redirect target's rules, the
// warnings, and the insertion of batches under the one-active-removal-per-URL rule.

/** How many offending URLs an error or a warning names (the count is always whole). */
export const NAMED = 100;

export type Project = { id: string; organizationId: string; domain: string };
/** A tracked URL of the project about to be declared, and whether the sitemap still lists it. */
export type DeclaredUrl = { id: string; url: string; inSitemap: boolean; redirectTarget: string | null };
export type BatchPlan = { intent: RemovalIntent; redirectTarget: string | null; stuckAfterDays: number; urls: DeclaredUrl[] };

/** A redirect target as a user gives it: a fetchable http(s) URL, normalized (on another host it is allowed: declarationWarnings says so). */
export function redirectTargetOf(raw: string): { ok: true; url: string } | { ok: false; reason: string } {
  const n = normalizeUrl(raw);
  const refused = n.ok ? suppliedUrlRefusal(n.url) : n.reason;
  if (!n.ok || refused) return { ok: false, reason: refused ?? "invalid_url" };
  return { ok: true, url: n.url };
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The warnings a declaration is accepted with: off-site redirect targets, the blocked intent, URLs still in the sitemap. */
export function declarationWarnings(project: Project, plans: BatchPlan[]): RemovalWarning[] {
  const warnings: RemovalWarning[] = [];
  const offSite = [...new Set(plans.flatMap((p) => p.urls.map((u) => u.redirectTarget)).filter((t): t is string => t !== null && new URL(t).hostname !== project.domain))];
  if (offSite.length === 1) {
    warnings.push({ code: "redirect_off_site", message: `The redirect target is on another host (${new URL(offSite[0]).hostname}) than ${project.domain}: recorded as off-site.`, urls: offSite });
  } else if (offSite.length > 1) {
    warnings.push({ code: "redirect_off_site", message: `${plural(offSite.length, "redirect target is", "redirect targets are")} on another host than ${project.domain}: recorded as off-site.`, urls: offSite.slice(0, NAMED) });
  }
  if (plans.some((p) => p.intent === "blocked")) {
    warnings.push({ code: "blocked_intent", message: "A page blocked by robots.txt can stay indexed: the engines can no longer fetch it, so they never see a noindex or a 404. Prefer gone, redirected or noindexed, then block once it has left the index." });
  }
  const listed = plans.flatMap((p) => p.urls.filter((u) => u.inSitemap).map((u) => u.url));
  if (listed.length) {
    warnings.push({ code: "still_in_sitemap", message: `${plural(listed.length, "URL is", "URLs are")} still listed in the sitemap: take them out, or their removal is cancelled when the next sync sees them listed.`, urls: listed.slice(0, NAMED) });
  }
  return warnings;
}

/** The project's URLs (of these ids) already in an active removal, by URL, at most NAMED. */
export async function activeRemovalsOf(ctx: OrgCtx, trackedUrlIds: string[]): Promise<{ url: string; batch_id: string; tracked_url_id: string }[]> {
  if (!trackedUrlIds.length) return [];
  return dbOf(ctx).$queryRaw(Prisma.sql`
    SELECT r.url, r.batch_id::text AS batch_id, r.tracked_url_id::text AS tracked_url_id FROM removal_urls r
    WHERE r.active_tracked_url_id = ANY(${uuidArray(trackedUrlIds)}) ORDER BY r.url`);
}

export function alreadyActive(busy: { url: string; batch_id: string }[]) {
  const shown = busy.slice(0, NAMED);
  return new DomainError("CONFLICT", busy.length
    ? `${busy.length >= NAMED ? `${NAMED} or more URLs are` : busy.length === 1 ? "1 URL is" : `${busy.length} URLs are`} already in an active removal`
    : "Some of these URLs are already in an active removal", { urls: shown.map((b) => ({ url: b.url, removalId: b.batch_id })) });
}

/**
 * Creates one batch per plan and their URLs, all or nothing: a URL already in an active removal (checked here, and by the
 * unique index on active_tracked_url_id for a race) refuses the whole with 409 naming them.
 */
export async function insertBatches(ctx: OrgCtx, project: Project, plans: BatchPlan[], now: Date): Promise<RemovalBatch[]> {
  return withTransaction(ctx, async (ctx) => {
    const tx = ctx.tx;
    const busy = await activeRemovalsOf(ctx, plans.flatMap((p) => p.urls.map((u) => u.id)));
    if (busy.length) throw alreadyActive(busy);
    const batches: RemovalBatch[] = [];
    for (const plan of plans) {
      const created = await tx.removalBatch.create({
        data: {
          organizationId: project.organizationId, projectId: project.id, createdByUserId: actorUserId(ctx), intent: plan.intent, redirectTarget: plan.redirectTarget,
          stuckAfterDays: plan.stuckAfterDays, publicToken: crypto.randomBytes(24).toString("base64url"), createdAt: now, updatedAt: now,
        },
      });
      try {
        await tx.$executeRaw(Prisma.sql`
          INSERT INTO removal_urls (id, organization_id, project_id, batch_id, tracked_url_id, active_tracked_url_id, url, redirect_target, declared_at)
          SELECT gen_random_uuid(), ${project.organizationId}::uuid, ${project.id}::uuid, ${created.id}::uuid, v.id, v.id, v.url, v.target, ${now}
          FROM jsonb_to_recordset(${JSON.stringify(plan.urls.map((u) => ({ id: u.id, url: u.url, target: u.redirectTarget })))}::jsonb) AS v(id uuid, url text, target text)
          ORDER BY v.url`);
      } catch (e) {
        if (e instanceof Error && /active_tracked_url_id/.test(e.message)) throw alreadyActive([]);
        throw e;
      }
      await refreshBatch(ctx, created.id, now);
      batches.push(await tx.removalBatch.findUniqueOrThrow({ where: { id: created.id } }));
    }
    return batches;
  });
}

/** The API's view of freshly created batches. */
export async function batchResponses(ctx: OrgCtx, project: Project, batches: RemovalBatch[]): Promise<RemovalBatchResponse[]> {
  const [progress, engines] = await Promise.all([
    progressOf(dbOf(ctx), batches.map((b) => b.id)),
    connectedEngines(ctx, project.id),
  ]);
  return batches.map((b) => toBatchResponse(b, progress.get(b.id)!, engines, project.domain));
}
