import { db, Prisma, type Tx } from "@/lib/db";
import { markGscRevoked } from "@/lib/connections/mark-gsc-revoked";
import { openEngineBKey, openGscRefreshToken } from "@/lib/connections/secrets";
import { inspectUrl, mapInspectionToEngineAState, nextMinute, type EngineAState } from "@/lib/engines/console";
import { getCrawlIssues, getUrlInfo, mapUrlInfoToEngineBState, type EngineBState } from "@/lib/engines/engine-b";
import { nextPacificMidnight } from "@/lib/engines/pacific-time";
import { logEngineWarning } from "@/lib/engines/log";
import { lockProjectStats } from "@/lib/issues/counters";
import { recordUrlDetections, type ProjectRef } from "@/lib/issues/detections";
import { recordEvents } from "@/lib/events/outbox";
import { consoleAccessToken, forgetAccessToken } from "./access-token";
import { connectionColumns, type EngineName } from "./connected-engines";
import { explainDrops, type DropExplanation } from "./drop-cause";
import { exhaustDay, propertyKey, releaseInspection, reserveInspection } from "./quota-store";

// Asks both engines about a project's URLs and stores what they said: the URL's engine columns, one
// url_history entry per definitive answer (kind engineA/engineB), and the engine issue memberships
// (discovered_not_indexed, crawled_not_indexed, dropped_from_index with its likely cause). An answer
// that is not definitive (no index status, an empty engine-B record, a failure) keeps the last state.

export type EngineSyncUrl = { id: string; url: string; source?: string };
export type EngineStop = "not_connected" | "not_configured" | "quota_day" | "quota_minute" | "throttled" | "revoked" | "forbidden" | "unavailable";
export type EngineRunReport = {
  /** Definitive answers stored. */
  observed: number;
  /** Answers that said nothing usable (the last state kept). */
  inconclusive: number;
  /** URLs not asked this time (quota, throttling, a stop): asked again at their next inspection. */
  deferred: number;
  failed: number;
  /** URLs whose call failed for a passing reason (network, 5xx): still owed, tried again on a later run. */
  unsettled: string[];
  stopped: EngineStop | null;
  retryAt: Date | null;
};
export type ObserveReport = { engineA: EngineRunReport; engineB: EngineRunReport; dropped: number };

type Observation = {
  trackedUrlId: string; kind: "engineA" | "engineB"; state: EngineAState | EngineBState; source: string;
  record: Record<string, unknown>;
};

const NOT_INDEXED_A = new Set<string>(["crawled_not_indexed", "discovered_not_indexed", "excluded", "blocked", "redirected"]);
const NOT_INDEXED_B = new Set<string>(["not_indexed", "blocked", "error"]);
const CONSECUTIVE_FAILURES_STOP = 3;

const emptyReport = (stopped: EngineStop | null = null): EngineRunReport => ({ observed: 0, inconclusive: 0, deferred: 0, failed: 0, unsettled: [], stopped, retryAt: null });

/**
 * Observes `urls` (tracked URLs of the project, in the order given) through the connected engines, or only
 * `opts.engines`. Never throws for an engine's failure: a quota, throttling or an outage defers the URLs, a
 * dead grant is marked revoked and stops the calls. A URL an engine answered (or failed on) no longer owes
 * that engine a check (its sync priority is cleared); a deferred one keeps it for the backlog sync.
 */
export async function observeEngines(
  project: ProjectRef, urls: EngineSyncUrl[], opts: { source: string; now?: Date | (() => Date); engines?: EngineName[] },
): Promise<ObserveReport> {
  const clock = typeof opts.now === "function" ? opts.now : opts.now ? () => opts.now as Date : () => new Date();
  const report: ObserveReport = { engineA: emptyReport(), engineB: emptyReport(), dropped: 0 };
  if (!urls.length) return report;
  const p = await db.project.findFirst({
    where: { id: project.projectId, organizationId: project.organizationId, deletedAt: null },
    select: connectionColumns,
  });
  if (!p) return report;
  const asked = new Set<EngineName>(opts.engines ?? ["engineA", "engineB"]);
  const observations: Observation[] = [];
  const settled: Record<EngineName, string[]> = { engineA: [], engineB: [] };

  if (!asked.has("engineA")) report.engineA = emptyReport();
  else if (p.gscRefreshTokenEnc && p.gscPropertyUrl && !p.gscRevokedAt) {
    report.engineA = await observeEngineA(project, { box: p.gscRefreshTokenEnc, propertyUrl: p.gscPropertyUrl }, urls, opts.source, clock, observations, settled.engineA);
  } else report.engineA = emptyReport("not_connected");

  if (!asked.has("engineB")) report.engineB = emptyReport();
  else if (p.engineBApiKeyEnc && p.engineBSiteUrl) {
    report.engineB = await observeEngineB(project, { box: p.engineBApiKeyEnc, siteUrl: p.engineBSiteUrl }, urls, opts.source, clock, observations, settled.engineB);
  } else report.engineB = emptyReport("not_connected");

  if (observations.length || settled.engineA.length || settled.engineB.length) {
    report.dropped = await db.$transaction(async (tx) => {
      const dropped = observations.length ? await storeObservations(tx, project, observations, clock()) : 0;
      await settleBacklog(tx, project.projectId, settled);
      return dropped;
    }, { timeout: 60_000 });
  }
  return report;
}

/** The URLs an engine answered (or failed on) owe it no check any more. */
async function settleBacklog(tx: Tx, projectId: string, settled: Record<EngineName, string[]>) {
  const ids = (list: string[]) => Prisma.sql`string_to_array(${list.join(",")}, ',')::uuid[]`;
  if (settled.engineA.length) {
    await tx.$executeRaw(Prisma.sql`UPDATE tracked_urls SET engine_a_sync_priority = NULL WHERE project_id = ${projectId}::uuid AND id = ANY(${ids(settled.engineA)}) AND engine_a_sync_priority IS NOT NULL`);
  }
  if (settled.engineB.length) {
    await tx.$executeRaw(Prisma.sql`UPDATE tracked_urls SET engine_b_sync_priority = NULL WHERE project_id = ${projectId}::uuid AND id = ANY(${ids(settled.engineB)}) AND engine_b_sync_priority IS NOT NULL`);
  }
}

async function observeEngineA(
  ref: ProjectRef, conn: { box: string; propertyUrl: string }, urls: EngineSyncUrl[], source: string, clock: () => Date, out: Observation[], settled: string[],
): Promise<EngineRunReport> {
  const report = emptyReport();
  const clientId = process.env.GSC_CLIENT_ID?.trim();
  const clientSecret = process.env.GSC_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return { ...report, stopped: "not_configured", deferred: urls.length };
  const key = propertyKey(conn.propertyUrl);
  // A grant sealed under another ENCRYPTION_KEY cannot be opened: the connection is unusable until it is made
  // again; the URLs stay owed and the other projects go on.
  let refreshToken: string;
  try { refreshToken = openGscRefreshToken(ref.projectId, conn.box); } catch {
    logEngineWarning(`The console grant of project ${ref.projectId} cannot be decrypted (was ENCRYPTION_KEY changed?); connect the console again`);
    return { ...report, stopped: "not_configured", deferred: urls.length };
  }
  const token = (fresh = false) => consoleAccessToken({
    projectId: ref.projectId, box: conn.box, refreshToken: () => refreshToken, clientId, clientSecret, now: clock(), fresh,
  });

  let access: string | null = null;
  let failures = 0;
  const stop = (stopped: EngineStop, retryAt: Date | null) => { report.stopped = stopped; report.retryAt = retryAt; };

  for (const u of urls) {
    if (report.stopped) { report.deferred++; continue; }
    if (!access) {
      const t = await token();
      if (t.kind !== "ok") {
        if (t.kind === "revoked") await revoke(ref, clock());
        else logEngineWarning(t.message);
        stop(t.kind === "revoked" ? "revoked" : "unavailable", null);
        report.deferred++;
        continue;
      }
      access = t.token;
    }
    const now = clock();
    const reservation = await reserveInspection(key, now);
    if (!reservation.allowed) {
      stop(reservation.scope === "day" ? "quota_day" : "quota_minute", reservation.scope === "day" ? nextPacificMidnight(now) : nextMinute(now));
      report.deferred++;
      continue;
    }
    let res = await inspectUrl({ accessToken: access, siteUrl: conn.propertyUrl, inspectionUrl: u.url, now });
    if (res.kind === "transient" && res.code === "unauthorized") {
      // The cached token was refused: one fresh refresh tells a dead grant from an expired token.
      forgetAccessToken(ref.projectId);
      const t = await token(true);
      if (t.kind === "revoked") {
        await releaseInspection(key, now);
        await revoke(ref, clock());
        stop("revoked", null);
        report.deferred++;
        continue;
      }
      if (t.kind === "ok") {
        access = t.token;
        res = await inspectUrl({ accessToken: access, siteUrl: conn.propertyUrl, inspectionUrl: u.url, now });
      }
    }
    // Answered, or refused for good: no longer owed. Quota, outages and a lost property access keep it owed.
    if (res.kind === "ok" || (res.kind === "invalid" && res.code !== "forbidden")) settled.push(u.id);
    else if (res.kind === "transient") report.unsettled.push(u.id);
    if (res.kind === "ok") {
      failures = 0;
      const obs = mapInspectionToEngineAState(res.value.indexStatusResult);
      if (!obs.definitive) { report.inconclusive++; continue; }
      report.observed++;
      out.push({
        trackedUrlId: u.id, kind: "engineA", state: obs.state, source: u.source ?? source,
        record: { state: obs.state, decidedBy: obs.decidedBy, detail: obs.detail, ...obs.raw, inspectionResultLink: res.value.inspectionResultLink },
      });
      continue;
    }
    if (res.kind === "quota") {
      // Refused: the console did not count it. A daily refusal below our own count means a shared property.
      await releaseInspection(key, now);
      if (res.scope === "day") await exhaustDay(key, now);
      stop(res.scope === "day" ? "quota_day" : "quota_minute", res.retryAt);
      report.deferred++;
      continue;
    }
    if (res.kind === "invalid" && res.code === "outside_property") { await releaseInspection(key, now); report.failed++; continue; }
    if (res.kind === "invalid" && res.code === "forbidden") { stop("forbidden", null); report.failed++; continue; }
    report.failed++;
    logEngineWarning(res.message);
    if (++failures >= CONSECUTIVE_FAILURES_STOP) stop("unavailable", null);
  }
  return report;
}

async function revoke(ref: ProjectRef, now: Date) {
  forgetAccessToken(ref.projectId);
  await db.$transaction((tx) => markGscRevoked(tx, ref, now));
}

async function observeEngineB(
  ref: ProjectRef, conn: { box: string; siteUrl: string }, urls: EngineSyncUrl[], source: string, clock: () => Date, out: Observation[], settled: string[],
): Promise<EngineRunReport> {
  const report = emptyReport();
  let apiKey: string;
  try { apiKey = openEngineBKey(ref.projectId, conn.box); } catch {
    return { ...report, stopped: "not_configured", deferred: urls.length };
  }
  let failures = 0;
  const crawlIssues = await crawlIssuesByUrl(apiKey, conn.siteUrl, clock());
  for (const u of urls) {
    if (report.stopped) { report.deferred++; continue; }
    const now = clock();
    const res = await getUrlInfo(apiKey, conn.siteUrl, u.url, { now });
    if (res.kind === "ok" || res.kind === "invalid") settled.push(u.id);
    else if (res.kind === "transient") report.unsettled.push(u.id);
    if (res.kind === "ok") {
      failures = 0;
      const obs = mapUrlInfoToEngineBState(res.value.info, crawlIssues?.get(sameUrl(u.url)) ?? (crawlIssues ? [] : null));
      if (!obs.definitive) { report.inconclusive++; continue; }
      report.observed++;
      out.push({ trackedUrlId: u.id, kind: "engineB", state: obs.state, source: u.source ?? source, record: { state: obs.state, decidedBy: obs.decidedBy, ...obs.raw } });
      continue;
    }
    if (res.kind === "quota") { report.stopped = "throttled"; report.retryAt = res.retryAt; report.deferred++; continue; }
    if (res.kind === "revoked") {
      report.stopped = "revoked";
      report.deferred++;
      await db.project.updateMany({ where: { id: ref.projectId, organizationId: ref.organizationId }, data: { engineBLastError: res.message } });
      continue;
    }
    report.failed++;
    if (++failures >= CONSECUTIVE_FAILURES_STOP) report.stopped = "unavailable";
  }
  return report;
}

const sameUrl = (url: string) => { try { return new URL(url).href; } catch { return url; } };

/**
 * The site's crawl issues by URL, asked once per run (one call for the whole site): an issue other than
 * None or SeoIssues keeps a URL out of results. Null when the call failed: URL info alone decides then.
 */
async function crawlIssuesByUrl(apiKey: string, siteUrl: string, now: Date): Promise<Map<string, string[]> | null> {
  const res = await getCrawlIssues(apiKey, siteUrl, { now });
  if (res.kind !== "ok") return null;
  return new Map(res.value.issues.map((i) => [sameUrl(i.url), i.issueTypes]));
}

type Current = { id: string; engineAState: string; engineBState: string; lastEngineSyncAt: Date | null };
type LastEntry = { id: string; kind: string; state: Record<string, unknown> };

/** Writes one batch of definitive observations; answers how many URLs dropped from an index. */
async function storeObservations(tx: Tx, p: ProjectRef, observations: Observation[], now: Date): Promise<number> {
  await lockProjectStats(tx, p);
  const ids = [...new Set(observations.map((o) => o.trackedUrlId))];
  const idList = Prisma.sql`string_to_array(${ids.join(",")}, ',')::uuid[]`;
  const current = new Map((await tx.$queryRaw<Current[]>(Prisma.sql`
    SELECT id::text AS id, engine_a_state::text AS "engineAState", engine_b_state::text AS "engineBState", last_engine_sync_at AS "lastEngineSyncAt"
    FROM tracked_urls WHERE project_id = ${p.projectId}::uuid AND id = ANY(${idList}) ORDER BY id FOR UPDATE`)).map((r) => [r.id, r]));
  const last = new Map((await tx.$queryRaw<LastEntry[]>(Prisma.sql`
    SELECT DISTINCT ON (tracked_url_id, kind) tracked_url_id::text AS id, kind::text AS kind, state
    FROM url_history WHERE tracked_url_id = ANY(${idList}) AND kind IN ('engineA', 'engineB')
    ORDER BY tracked_url_id, kind, observed_at DESC, id DESC`)).map((r) => [`${r.id}:${r.kind}`, r.state]));

  const drops: { o: Observation; from: string; since: Date | null }[] = [];
  const rows: Record<string, unknown>[] = [];
  const history: Record<string, unknown>[] = [];
  for (const o of observations) {
    const before = current.get(o.trackedUrlId);
    if (!before) continue;
    const previous = o.kind === "engineA" ? before.engineAState : before.engineBState;
    const notIndexed = (o.kind === "engineA" ? NOT_INDEXED_A : NOT_INDEXED_B).has(o.state);
    if (previous === "indexed" && notIndexed) drops.push({ o, from: previous, since: before.lastEngineSyncAt });
    const prevRecord = last.get(`${o.trackedUrlId}:${o.kind}`);
    const changed = prevRecord ? Object.keys(o.record).filter((k) => JSON.stringify(prevRecord[k] ?? null) !== JSON.stringify(o.record[k] ?? null)) : [];
    history.push({ id: o.trackedUrlId, kind: o.kind, state: o.record, changed, source: o.source });
    rows.push({ id: o.trackedUrlId, a: o.kind === "engineA" ? o.state : null, b: o.kind === "engineB" ? o.state : null, indexed: o.state === "indexed" });
  }
  if (!rows.length) return 0;

  const explained = await explainDrops(tx, p.projectId, drops.map((d) => ({ id: d.o.trackedUrlId, since: d.since })), now);
  for (const d of drops) {
    const h = history.find((x) => x.id === d.o.trackedUrlId && x.kind === d.o.kind);
    if (h) h.state = { ...(h.state as object), droppedFrom: d.from, dropCause: explained.get(d.o.trackedUrlId)?.cause ?? "no_change_on_our_side" };
  }

  // Several observations of one URL (both engines) fold into one row per URL.
  const merged = new Map<string, { id: string; a: unknown; b: unknown; indexed: boolean }>();
  for (const r of rows as { id: string; a: unknown; b: unknown; indexed: boolean }[]) {
    const m = merged.get(r.id) ?? { id: r.id, a: null, b: null, indexed: false };
    merged.set(r.id, { id: r.id, a: r.a ?? m.a, b: r.b ?? m.b, indexed: m.indexed || r.indexed });
  }
  await tx.$executeRaw(Prisma.sql`
    UPDATE tracked_urls t SET
      engine_a_state = COALESCE(v.a::"EngineAState", t.engine_a_state),
      engine_b_state = COALESCE(v.b::"EngineBState", t.engine_b_state),
      indexed_at = CASE WHEN v.indexed AND t.indexed_at IS NULL THEN ${now}::timestamptz ELSE t.indexed_at END,
      engine_a_indexed_at = CASE WHEN v.a = 'indexed' AND t.engine_a_indexed_at IS NULL THEN ${now}::timestamptz ELSE t.engine_a_indexed_at END,
      engine_b_indexed_at = CASE WHEN v.b = 'indexed' AND t.engine_b_indexed_at IS NULL THEN ${now}::timestamptz ELSE t.engine_b_indexed_at END,
      last_engine_sync_at = ${now},
      updated_at = ${now}
    FROM jsonb_to_recordset(${JSON.stringify([...merged.values()])}::jsonb) AS v(id uuid, a text, b text, indexed boolean)
    WHERE t.id = v.id AND t.project_id = ${p.projectId}::uuid`);
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO url_history (id, organization_id, project_id, tracked_url_id, observed_at, kind, state, changed, source)
    SELECT gen_random_uuid(), ${p.organizationId}::uuid, ${p.projectId}::uuid, v.id, ${now}, v.kind::"UrlHistoryKind", v.state,
           ARRAY(SELECT jsonb_array_elements_text(v.changed)), v.source
    FROM jsonb_to_recordset(${JSON.stringify(history)}::jsonb) AS v(id uuid, kind text, state jsonb, changed jsonb, source text)`);
  await tx.project.updateMany({ where: { id: p.projectId, organizationId: p.organizationId }, data: { lastEngineSyncAt: now } });

  const engineA = observations.filter((o) => o.kind === "engineA" && current.has(o.trackedUrlId));
  for (const type of ["discovered_not_indexed", "crawled_not_indexed"] as const) {
    await recordUrlDetections(tx, p, type, {
      affected: engineA.filter((o) => o.state === type).map((o) => ({ trackedUrlId: o.trackedUrlId, url: "" })),
      cleared: engineA.filter((o) => o.state !== type).map((o) => o.trackedUrlId),
    }, { source: "engineA" }, now);
  }
  const dropped = new Set(drops.map((d) => d.o.trackedUrlId));
  await recordUrlDetections(tx, p, "dropped_from_index", {
    affected: [...dropped].map((id) => ({ trackedUrlId: id, url: "" })),
    // Indexed again by the engine that observed it (and not dropped by the other one in this batch).
    cleared: observations.filter((o) => o.state === "indexed" && !dropped.has(o.trackedUrlId)).map((o) => o.trackedUrlId),
  }, { source: "engines" }, now);
  if (drops.length) {
    await writeDropMetadata(tx, p.projectId, drops.map((d) => ({ id: d.o.trackedUrlId, engine: d.o.kind, from: d.from, to: d.o.state, ...explained.get(d.o.trackedUrlId) })));
    await recordDropEvents(tx, p, drops.map((d) => ({ id: d.o.trackedUrlId, engine: d.o.kind, from: d.from, to: d.o.state, cause: explained.get(d.o.trackedUrlId)?.cause ?? "no_change_on_our_side" })), now);
  }
  return dropped.size;
}

/** One url.dropped_from_index per URL and engine, to the outbox (sent once this observation commits). */
async function recordDropEvents(tx: Tx, p: ProjectRef, drops: { id: string; engine: "engineA" | "engineB"; from: string; to: string; cause: string }[], now: Date) {
  const urls = new Map((await tx.trackedUrl.findMany({ where: { id: { in: drops.map((d) => d.id) }, projectId: p.projectId }, select: { id: true, url: true } })).map((u) => [u.id, u.url]));
  const observedAt = now.toISOString();
  await recordEvents(tx, "url.dropped_from_index", drops.filter((d) => urls.has(d.id)).map((d) => ({
    eventId: `url-dropped-${d.id}-${d.engine}-${observedAt}`,
    data: { organizationId: p.organizationId, projectId: p.projectId, trackedUrlId: d.id, url: urls.get(d.id)!, engine: d.engine, from: d.from, to: d.to, cause: d.cause, observedAt },
  })));
}

async function writeDropMetadata(tx: Tx, projectId: string, rows: ({ id: string; engine: string; from: string; to: string } & Partial<DropExplanation>)[]) {
  const meta = rows.map((r) => ({ id: r.id, metadata: { engine: r.engine, from: r.from, to: r.to, cause: r.cause ?? "no_change_on_our_side", auditObservedAt: r.auditObservedAt ?? null, auditChanged: r.auditChanged ?? [] } }));
  await tx.$executeRaw(Prisma.sql`
    UPDATE issue_url_memberships m SET metadata = v.metadata, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(meta)}::jsonb) AS v(id uuid, metadata jsonb), issues i
    WHERE i.project_id = ${projectId}::uuid AND i.type = 'dropped_from_index' AND m.issue_id = i.id
      AND m.tracked_url_id = v.id AND m.resolved_at IS NULL`);
}
