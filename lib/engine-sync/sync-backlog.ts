import { setTimeout as sleepFor } from "node:timers/promises";
import { db, Prisma } from "@/lib/db";
import { connectionColumns, enginesOf, type EngineName } from "@/lib/connections/connected-engines";
import { quotaToday } from "@/lib/connections/quota-store";
import { gscPropertiesOf } from "@/lib/connections/gsc-properties";
import type { OrgCtx } from "@/lib/core/context";
import { BACKLOG_BATCH_SIZE, gscQuota } from "./config";
import type { EngineRunReport, EngineStop } from "./observation";
import { observeEngines } from "./observe-engines";

// The engine checks owed after paid inspections (tracked_urls.engine_{a,b}_sync_priority), worked through
// by priority inside the gsc quota: never asked, "check again" and inspect-now, audit changed, last
// seen indexed, then the least recently asked. What the quota leaves today stays owed and goes first
// after the next Pacific midnight: deferred, never failed.

/** A step result (inngest/functions/engine-sync), so JSON as it is: `retryAt` is an ISO time. */
export type BacklogReport = Record<EngineName, { observed: number; inconclusive: number; failed: number; owed: number; stopped: EngineStop | null; retryAt: string | null }>;

export interface SyncBacklogOptions {
  now?: () => Date;
  /** No new batch starts after this moment (ms since epoch), and a minute's quota is waited for only before it. */
  deadline?: number;
  sleep?: (ms: number) => Promise<void>;
  batchSize?: number;
}

/** Connected projects with checks owed, oldest connection first. */
export async function listBacklogProjects(): Promise<{ organizationId: string; projectId: string }[]> {
  return db.$queryRaw<{ organizationId: string; projectId: string }[]>(Prisma.sql`
    SELECT p.organization_id::text AS "organizationId", p.id::text AS "projectId" FROM projects p
    WHERE p.deleted_at IS NULL AND (
      (p.gsc_refresh_token_enc IS NOT NULL AND p.gsc_property_url IS NOT NULL AND p.gsc_revoked_at IS NULL
        AND EXISTS (SELECT 1 FROM tracked_urls t WHERE t.project_id = p.id AND t.engine_a_sync_priority IS NOT NULL))
      OR (p.engine_b_api_key_enc IS NOT NULL AND p.engine_b_site_url IS NOT NULL
        AND EXISTS (SELECT 1 FROM tracked_urls t WHERE t.project_id = p.id AND t.engine_b_sync_priority IS NOT NULL)))
    ORDER BY LEAST(p.gsc_connected_at, p.engine_b_connected_at) NULLS LAST, p.id`);
}

/** Works through one project's owed checks, engine by engine, until done, stopped, or the deadline. */
export async function syncEngineBacklog(ctx: OrgCtx, projectId: string, opts: SyncBacklogOptions = {}): Promise<BacklogReport> {
  const now = opts.now ?? (() => new Date());
  const sleep = opts.sleep ?? ((ms: number) => sleepFor(ms));
  const pastDeadline = () => opts.deadline !== undefined && Date.now() >= opts.deadline;
  const report: BacklogReport = {
    engineA: { observed: 0, inconclusive: 0, failed: 0, owed: 0, stopped: null, retryAt: null },
    engineB: { observed: 0, inconclusive: 0, failed: 0, owed: 0, stopped: null, retryAt: null },
  };
  const p = await db.project.findFirst({ where: { id: projectId, organizationId: ctx.org.id, deletedAt: null }, select: connectionColumns });
  if (!p) return report;
  const engines = enginesOf(p);

  for (const engine of ["engineA", "engineB"] as const) {
    const r = report[engine];
    if (!engines[engine]) { r.stopped = "not_connected"; continue; }
    const skipped: string[] = []; // failed for a passing reason on this turn: not asked again until the next one
    while (!pastDeadline()) {
      // gsc's batch never exceeds what our count leaves of today's quota.
      const room = engine === "engineA" && p.gscPropertyUrl ? await gscRoomToday(projectId, p.gscPropertyUrl, now()) : Infinity;
      if (room === 0) { r.stopped = "quota_day"; break; }
      const urls = await owed(projectId, engine, Math.min(opts.batchSize ?? BACKLOG_BATCH_SIZE, room), skipped);
      if (!urls.length) break;
      const run: EngineRunReport = (await observeEngines(ctx, projectId, urls, { source: "scheduled", now, engines: [engine] }))[engine];
      r.observed += run.observed;
      r.inconclusive += run.inconclusive;
      r.failed += run.failed;
      skipped.push(...run.unsettled);
      r.stopped = run.stopped;
      r.retryAt = run.retryAt?.toISOString() ?? null;
      if (!run.stopped) continue;
      // A spent minute is waited out while the tick has time; anything else ends this engine's turn.
      const wait = run.retryAt ? run.retryAt.getTime() - now().getTime() : Infinity;
      if ((run.stopped === "quota_minute" || run.stopped === "throttled") && wait <= 61_000
        && (opts.deadline === undefined || Date.now() + wait < opts.deadline)) {
        await sleep(Math.max(0, wait));
        r.stopped = null;
        continue;
      }
      break;
    }
    r.owed = await owedCount(projectId, engine);
  }
  return report;
}

const column = (engine: EngineName) => Prisma.raw(engine === "engineA" ? "engine_a_sync_priority" : "engine_b_sync_priority");

async function owed(projectId: string, engine: EngineName, limit: number, skipped: string[]) {
  const skip = skipped.length ? Prisma.sql`AND id <> ALL(string_to_array(${skipped.join(",")}, ',')::uuid[])` : Prisma.empty;
  return db.$queryRaw<{ id: string; url: string }[]>(Prisma.sql`
    SELECT id::text AS id, url FROM tracked_urls
    WHERE project_id = ${projectId}::uuid AND ${column(engine)} IS NOT NULL ${skip}
    ORDER BY ${column(engine)}, last_engine_sync_at NULLS FIRST, id
    LIMIT ${limit}`);
}

async function owedCount(projectId: string, engine: EngineName): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>(Prisma.sql`
    SELECT count(*)::int AS n FROM tracked_urls WHERE project_id = ${projectId}::uuid AND ${column(engine)} IS NOT NULL`);
  return row.n;
}

/** What our counts leave of today's quota over all the project's properties (each pooled one brings its own). */
async function gscRoomToday(projectId: string, main: string, now: Date): Promise<number> {
  const rooms = await Promise.all((await gscPropertiesOf(projectId, main)).map(async (p) => (await quotaToday(p, now, gscQuota())).remaining));
  return rooms.reduce((a, b) => a + b, 0);
}
