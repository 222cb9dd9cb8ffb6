import type { Ctx, OrgCtx } from "@/lib/core/context";
import { db, Prisma, withTransaction, dbOf } from "@/lib/db";
import { connectionColumns, type EngineName } from "@/lib/connections/connected-engines";
import { gscPropertiesOf } from "@/lib/connections/gsc-properties";
import { applyEngineObservations } from "./apply-engine-observations";
import { emptyReport, newRun, type EngineRunReport, type EngineSyncUrl } from "./observation";
import { observeEngineB } from "./observe-engine-b";
import { observeGsc } from "./observe-gsc";

// Asks both engines about a project's URLs and stores what they said: the URL's engine columns, one
// url_history entry per definitive answer (kind engineA/engineB), and the engine issue memberships
// (discovered_not_indexed, crawled_not_indexed, dropped_from_index with its likely cause). An answer
// that is not definitive (no index status, an empty engine-B record, a failure) keeps the last state.

export type ObserveReport = { engineA: EngineRunReport; engineB: EngineRunReport; dropped: number };

/**
 * Observes `urls` (tracked URLs of the project, in the order given) through the connected engines, or only
 * `opts.engines`. Never throws for an engine's failure: a quota, throttling or an outage defers the URLs, a
 * dead grant is marked revoked and stops the calls. A URL an engine answered (or failed on) no longer owes
 * that engine a check (its sync priority is cleared); a deferred one keeps it for the backlog sync.
 */
export async function observeEngines(
  ctx: OrgCtx, projectId: string, urls: EngineSyncUrl[], opts: { source: string; now?: Date | (() => Date); engines?: EngineName[] },
): Promise<ObserveReport> {
  const clock = typeof opts.now === "function" ? opts.now : opts.now ? () => opts.now as Date : () => new Date();
  const report: ObserveReport = { engineA: emptyReport(), engineB: emptyReport(), dropped: 0 };
  if (!urls.length) return report;
  const p = await db.project.findFirst({
    where: { id: projectId, organizationId: ctx.org.id, deletedAt: null },
    select: connectionColumns,
  });
  if (!p) return report;
  const asked = new Set<EngineName>(opts.engines ?? ["engineA", "engineB"]);
  const gsc = !asked.has("engineA") ? newRun()
    : p.gscRefreshTokenEnc && p.gscPropertyUrl && !p.gscRevokedAt
      ? await observeGsc(ctx, projectId, { box: p.gscRefreshTokenEnc, properties: await gscPropertiesOf(projectId, p.gscPropertyUrl) }, urls, opts.source, clock)
      : newRun("not_connected");
  const engineB = !asked.has("engineB") ? newRun()
    : p.engineBApiKeyEnc && p.engineBSiteUrl
      ? await observeEngineB(ctx, projectId, { box: p.engineBApiKeyEnc, siteUrl: p.engineBSiteUrl }, urls, opts.source, clock)
      : newRun("not_connected");
  report.engineA = gsc.report;
  report.engineB = engineB.report;

  const observations = [...gsc.observations, ...engineB.observations];
  const settled: Record<EngineName, string[]> = { engineA: gsc.settled, engineB: engineB.settled };
  if (observations.length || settled.engineA.length || settled.engineB.length) {
    report.dropped = await withTransaction(ctx, async (ctx) => {
      const dropped = await applyEngineObservations(ctx, projectId, observations, clock());
      await settleBacklog(ctx, projectId, settled);
      return dropped;
    }, { timeout: 60_000 });
  }
  return report;
}

/** The URLs an engine answered (or failed on) owe it no check any more. */
async function settleBacklog(ctx: Ctx, projectId: string, settled: Record<EngineName, string[]>) {
  const tx = dbOf(ctx);
  const ids = (list: string[]) => Prisma.sql`string_to_array(${list.join(",")}, ',')::uuid[]`;
  if (settled.engineA.length) {
    await tx.$executeRaw(Prisma.sql`UPDATE tracked_urls SET engine_a_sync_priority = NULL WHERE project_id = ${projectId}::uuid AND id = ANY(${ids(settled.engineA)}) AND engine_a_sync_priority IS NOT NULL`);
  }
  if (settled.engineB.length) {
    await tx.$executeRaw(Prisma.sql`UPDATE tracked_urls SET engine_b_sync_priority = NULL WHERE project_id = ${projectId}::uuid AND id = ANY(${ids(settled.engineB)}) AND engine_b_sync_priority IS NOT NULL`);
  }
}
