import type { Ctx, OrgCtx } from "@/lib/core/context";
import { Prisma, dbOf } from "@/lib/db";
import { lockProjectStats } from "@/lib/issues/counters";
import { recordUrlDetections } from "@/lib/issues/detections";
import { causeOf, explainDrops, isDrop, recordDrops, type Drop } from "./drop-cause";
import type { Observation } from "./observation";

type Current = { id: string; engineAState: string; engineBState: string; lastEngineSyncAt: Date | null };
// Keys as the recordset's columns (writeColumns).
type Row = { id: string; a: string | null; b: string | null; a_at: string | null; b_at: string | null; a_source: string | null; a_crawl: string | null; a_reason: string | null };
type HistoryEntry = { id: string; kind: string; state: Record<string, unknown>; changed: string[]; source: string };

/**
 * Writes a batch of definitive engine observations of one project in the caller's transaction: the URLs'
 * engine columns (one row per URL, whichever engines answered), one history entry each (kind engineA or
 * engineB, with the fields changed since that engine's last entry), the engine issue memberships, and the
 * drops from an index with their likely cause. URLs deleted meanwhile are skipped. Answers how many URLs
 * dropped from an index.
 */
export async function applyEngineObservations(ctx: OrgCtx, projectId: string, observations: Observation[], now: Date): Promise<number> {
  const tx = dbOf(ctx);
  if (!observations.length) return 0;
  await lockProjectStats(ctx, projectId);
  const ids = [...new Set(observations.map((o) => o.trackedUrlId))];
  const current = new Map((await readCurrent(ctx, projectId, ids)).map((r) => [r.id, r]));
  const last = await readLastRecords(ctx, ids);

  const drops: Drop[] = [];
  const rows = new Map<string, Row>(); // several observations of one URL (both engines) fold into one row
  const history: HistoryEntry[] = [];
  for (const o of observations) {
    const before = current.get(o.trackedUrlId);
    if (!before) continue;
    const previous = o.kind === "engineA" ? before.engineAState : before.engineBState;
    if (isDrop(o.kind, previous, o.state)) drops.push({ id: o.trackedUrlId, engine: o.kind, from: previous, to: o.state, since: before.lastEngineSyncAt });
    const prevRecord = last.get(`${o.trackedUrlId}:${o.kind}`);
    const changed = prevRecord ? Object.keys(o.record).filter((k) => JSON.stringify(prevRecord[k] ?? null) !== JSON.stringify(o.record[k] ?? null)) : [];
    history.push({ id: o.trackedUrlId, kind: o.kind, state: o.record, changed, source: o.source });
    const r = rows.get(o.trackedUrlId) ?? { id: o.trackedUrlId, a: null, b: null, a_at: null, b_at: null, a_source: null, a_crawl: null, a_reason: null };
    const at = (o.observedAt ?? now).toISOString();
    rows.set(o.trackedUrlId, o.kind === "engineA"
      ? { ...r, a: o.state, a_at: at, a_source: o.stateSource ?? "inspection", a_crawl: lastCrawlOf(o, now), a_reason: o.source === "inspect_now" ? "check_again" : null }
      : { ...r, b: o.state, b_at: at });
  }
  if (!rows.size) return 0;

  const explained = await explainDrops(ctx, projectId, drops.map((d) => ({ id: d.id, since: d.since })), now);
  for (const d of drops) {
    const h = history.find((x) => x.id === d.id && x.kind === d.engine);
    if (h) h.state = { ...h.state, droppedFrom: d.from, dropCause: causeOf(explained, d.id) };
  }

  await writeColumns(ctx, projectId, [...rows.values()], now);
  await writeHistory(ctx, projectId, history, now);
  await tx.project.updateMany({ where: { id: projectId, organizationId: ctx.org.id }, data: { lastEngineSyncAt: now } });
  const dropped = new Set(drops.map((d) => d.id));
  await recordDetections(ctx, projectId, observations.filter((o) => current.has(o.trackedUrlId)), observations, dropped, now);
  await recordDrops(ctx, projectId, drops, explained, now);
  return dropped.size;
}

/** Google's last crawl as an inspection reports it (`lastCrawlTime`), when it is a real time not in the future. */
function lastCrawlOf(o: Observation, now: Date): string | null {
  const raw = o.record.lastCrawlTime;
  if (typeof raw !== "string") return null;
  const t = Date.parse(raw);
  return Number.isFinite(t) && t > Date.UTC(1995, 0, 1) && t <= now.getTime() + 86_400_000 ? new Date(t).toISOString() : null;
}

async function readCurrent(ctx: Ctx, projectId: string, ids: string[]): Promise<Current[]> {
  const tx = dbOf(ctx);
  return tx.$queryRaw<Current[]>(Prisma.sql`
    SELECT id::text AS id, engine_a_state::text AS "engineAState", engine_b_state::text AS "engineBState", last_engine_sync_at AS "lastEngineSyncAt"
    FROM tracked_urls WHERE project_id = ${projectId}::uuid AND id = ANY(${idList(ids)}) ORDER BY id FOR UPDATE`);
}

/** Each URL's last history state per engine, keyed `<id>:<kind>`: what a new entry's `changed` is measured against. */
async function readLastRecords(ctx: Ctx, ids: string[]): Promise<Map<string, Record<string, unknown>>> {
  const tx = dbOf(ctx);
  const rows = await tx.$queryRaw<{ id: string; kind: string; state: Record<string, unknown> }[]>(Prisma.sql`
    SELECT DISTINCT ON (tracked_url_id, kind) tracked_url_id::text AS id, kind::text AS kind, state
    FROM url_history WHERE tracked_url_id = ANY(${idList(ids)}) AND kind IN ('engineA', 'engineB')
    ORDER BY tracked_url_id, kind, observed_at DESC, id DESC`);
  return new Map(rows.map((r) => [`${r.id}:${r.kind}`, r.state]));
}

const idList = (ids: string[]) => Prisma.sql`string_to_array(${ids.join(",")}, ',')::uuid[]`;

async function writeColumns(ctx: Ctx, projectId: string, rows: Row[], now: Date) {
  const tx = dbOf(ctx);
  await tx.$executeRaw(Prisma.sql`
    UPDATE tracked_urls t SET
      engine_a_state = COALESCE(v.a::"EngineAState", t.engine_a_state),
      engine_b_state = COALESCE(v.b::"EngineBState", t.engine_b_state),
      engine_a_state_source = COALESCE(v.a_source::"UrlStateSource", t.engine_a_state_source),
      engine_a_observed_at = COALESCE(v.a_at, t.engine_a_observed_at),
      engine_b_observed_at = COALESCE(v.b_at, t.engine_b_observed_at),
      engine_a_last_crawl_at = COALESCE(v.a_crawl, t.engine_a_last_crawl_at),
      engine_a_check_reason = COALESCE(v.a_reason, t.engine_a_check_reason),
      -- First indexed: when the engine says it was (an inspection: now; impressions: their day).
      indexed_at = CASE WHEN t.indexed_at IS NULL AND (v.a = 'indexed' OR v.b = 'indexed')
        THEN LEAST(CASE WHEN v.a = 'indexed' THEN v.a_at END, CASE WHEN v.b = 'indexed' THEN v.b_at END) ELSE t.indexed_at END,
      engine_a_indexed_at = CASE WHEN v.a = 'indexed' AND t.engine_a_indexed_at IS NULL THEN v.a_at ELSE t.engine_a_indexed_at END,
      engine_b_indexed_at = CASE WHEN v.b = 'indexed' AND t.engine_b_indexed_at IS NULL THEN v.b_at ELSE t.engine_b_indexed_at END,
      last_engine_sync_at = ${now},
      updated_at = ${now}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id uuid, a text, b text, a_at timestamptz, b_at timestamptz, a_source text, a_crawl timestamptz, a_reason text)
    WHERE t.id = v.id AND t.project_id = ${projectId}::uuid`);
}

async function writeHistory(ctx: OrgCtx, projectId: string, history: HistoryEntry[], now: Date) {
  const tx = dbOf(ctx);
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO url_history (id, organization_id, project_id, tracked_url_id, observed_at, kind, state, changed, source)
    SELECT gen_random_uuid(), ${ctx.org.id}::uuid, ${projectId}::uuid, v.id, ${now}, v.kind::"UrlHistoryKind", v.state,
           ARRAY(SELECT jsonb_array_elements_text(v.changed)), v.source
    FROM jsonb_to_recordset(${JSON.stringify(history)}::jsonb) AS v(id uuid, kind text, state jsonb, changed jsonb, source text)`);
}

/**
 * The gsc coverage issues of the URLs gsc answered about, and dropped_from_index: raised for the URLs
 * dropped in this batch, cleared for those an engine says are indexed again (and not dropped by the other).
 */
async function recordDetections(ctx: OrgCtx, projectId: string, stored: Observation[], all: Observation[], dropped: Set<string>, now: Date) {
  const gsc = stored.filter((o) => o.kind === "engineA");
  for (const type of ["discovered_not_indexed", "crawled_not_indexed"] as const) {
    await recordUrlDetections(ctx, projectId, type, {
      affected: gsc.filter((o) => o.state === type).map((o) => ({ trackedUrlId: o.trackedUrlId, url: "" })),
      cleared: gsc.filter((o) => o.state !== type).map((o) => o.trackedUrlId),
    }, { source: "engineA" }, now);
  }
  await recordUrlDetections(ctx, projectId, "dropped_from_index", {
    affected: [...dropped].map((id) => ({ trackedUrlId: id, url: "" })),
    cleared: all.filter((o) => o.state === "indexed" && !dropped.has(o.trackedUrlId)).map((o) => o.trackedUrlId),
  }, { source: "engines" }, now);
}
