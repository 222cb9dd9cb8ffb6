// The demo's replayed engine observations (scripts/demo-seed.ts): both engines' answers for thousands of URLs at a
// past moment, written in bulk as the product's own sync writes them.
import { Prisma, withTransaction } from "../lib/db";
import { systemCtx } from "../lib/core/context";
import { mapGscInspection } from "../lib/engines/gsc";
import { mapUrlInfoToEngineBState } from "../lib/engines/engine-b";
import { lockProjectStats } from "../lib/issues/counters";
import { recordUrlDetections } from "../lib/issues/detections";
import { engineBInfo, gscResult, GSC_PROPERTY, type Entry } from "./demo-world";

const DAY = 86_400_000;

/** `projectId` repeats `id` (the inspections' InspectedProject names the project so). */
export type DemoProject = { id: string; organizationId: string; projectId: string };
export type DemoTracked = { id: string; url: string; entry: Entry };

/**
 * Both engines' answers `daysAgo` days before `T` for these URLs, stored as observeEngines stores them (engine columns
 * with the moment of the verdict, time to index, one history entry per definitive answer with the fields that
 * changed, the engine-A issue groups), without the per-URL calls and quota bookkeeping that would take minutes for a
 * few thousand URLs. The moment matters: coverage counts a URL without it as never answered (and so does the backlog,
 * which would inspect every such URL again), while the counters count its state.
 */
export async function observeBulk(project: DemoProject, urls: DemoTracked[], daysAgo: number, previous: Map<string, Record<string, unknown>>, T = Date.now()) {
  const at = new Date(T - daysAgo * DAY);
  const gscBase = process.env.GSC_API_BASE_URL ?? "https://search.example";
  for (let i = 0; i < urls.length; i += 500) {
    const rows: { id: string; a: string | null; b: string | null; aIndexedAt: string | null; bIndexedAt: string | null }[] = [];
    const history: { id: string; kind: string; state: Record<string, unknown>; changed: string[] }[] = [];
    const notIndexed = { discovered_not_indexed: [] as string[], crawled_not_indexed: [] as string[], clearedA: [] as string[] };
    for (const u of urls.slice(i, i + 500)) {
      const a = mapGscInspection(gscResult(u.entry, daysAgo, T));
      const b = mapUrlInfoToEngineBState(engineBInfo(u.entry, daysAgo, T), []);
      const link = `${gscBase}/inspect?resource_id=${encodeURIComponent(GSC_PROPERTY)}&id=${encodeURIComponent(u.url)}`;
      const records: [string, boolean, Record<string, unknown>][] = [
        ["engineA", a.definitive, { state: a.state, decidedBy: a.decidedBy, detail: a.detail, ...a.raw, inspectionResultLink: link }],
        ["engineB", b.definitive, { state: b.state, decidedBy: b.decidedBy, ...b.raw }],
      ];
      for (const [kind, definitive, record] of records) {
        if (!definitive) continue;
        const before = previous.get(`${u.id}:${kind}`);
        const changed = before ? Object.keys(record).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(record[k] ?? null)) : [];
        previous.set(`${u.id}:${kind}`, record);
        history.push({ id: u.id, kind, state: record, changed });
      }
      // Time to index: when the world indexed it (observations ran daily; these bulk passes stand for them), and
      // for pages indexed before the engines were connected, the first backlog sync after connecting (T-88d).
      const firstSync = T - 88 * DAY + (u.entry.path.length % 20) * 3_600_000;
      const indexedAt = new Date(Math.min(at.getTime(), Math.max(firstSync, T - (u.entry.addedDaysAgo - u.entry.indexedAfterDays) * DAY))).toISOString();
      rows.push({
        id: u.id, a: a.definitive ? a.state : null, b: b.definitive ? b.state : null,
        aIndexedAt: a.definitive && a.state === "indexed" ? indexedAt : null, bIndexedAt: b.definitive && b.state === "indexed" ? indexedAt : null,
      });
      if (a.definitive && (a.state === "discovered_not_indexed" || a.state === "crawled_not_indexed")) notIndexed[a.state].push(u.id);
      else if (a.definitive) notIndexed.clearedA.push(u.id);
    }
    await withTransaction(systemCtx("demo-observe", project.organizationId), async (ctx) => {
      const { tx } = ctx;
      await lockProjectStats(ctx, project.id);
      await tx.$executeRaw(Prisma.sql`
        UPDATE tracked_urls t SET
          engine_a_state = COALESCE(v.a::"EngineAState", t.engine_a_state),
          engine_b_state = COALESCE(v.b::"EngineBState", t.engine_b_state),
          engine_a_observed_at = CASE WHEN v.a IS NULL THEN t.engine_a_observed_at ELSE ${at} END,
          engine_a_state_source = CASE WHEN v.a IS NULL THEN t.engine_a_state_source ELSE 'inspection'::"UrlStateSource" END,
          engine_b_observed_at = CASE WHEN v.b IS NULL THEN t.engine_b_observed_at ELSE ${at} END,
          engine_a_indexed_at = COALESCE(t.engine_a_indexed_at, v.a_indexed_at),
          engine_b_indexed_at = COALESCE(t.engine_b_indexed_at, v.b_indexed_at),
          indexed_at = COALESCE(t.indexed_at, LEAST(v.a_indexed_at, v.b_indexed_at)),
          last_engine_sync_at = ${at}, engine_a_sync_priority = NULL, engine_b_sync_priority = NULL, updated_at = ${at}
        FROM jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.id, a: r.a, b: r.b, a_indexed_at: r.aIndexedAt, b_indexed_at: r.bIndexedAt })))}::jsonb)
          AS v(id uuid, a text, b text, a_indexed_at timestamptz, b_indexed_at timestamptz)
        WHERE t.id = v.id AND t.project_id = ${project.id}::uuid`);
      await tx.$executeRaw(Prisma.sql`
        INSERT INTO url_history (id, organization_id, project_id, tracked_url_id, observed_at, kind, state, changed, source)
        SELECT gen_random_uuid(), ${project.organizationId}::uuid, ${project.id}::uuid, v.id, ${at}, v.kind::"UrlHistoryKind", v.state,
               ARRAY(SELECT jsonb_array_elements_text(v.changed)), 'scheduled'
        FROM jsonb_to_recordset(${JSON.stringify(history)}::jsonb) AS v(id uuid, kind text, state jsonb, changed jsonb)`);
      await tx.project.update({ where: { id: project.id }, data: { lastEngineSyncAt: at } });
      for (const type of ["discovered_not_indexed", "crawled_not_indexed"] as const) {
        const other = type === "discovered_not_indexed" ? notIndexed.crawled_not_indexed : notIndexed.discovered_not_indexed;
        await recordUrlDetections(ctx, project.id, type, { affected: notIndexed[type].map((id) => ({ trackedUrlId: id, url: "" })), cleared: [...notIndexed.clearedA, ...other] }, { source: "engineA" }, at);
      }
    }, { timeout: 120_000 });
  }
}
