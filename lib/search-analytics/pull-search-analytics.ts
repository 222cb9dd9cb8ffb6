import { systemCtx, type OrgCtx } from "@/lib/core/context";
import { db, Prisma, withTransaction } from "@/lib/db";
import { markGscRevoked } from "@/lib/connections/mark-gsc-revoked";
import { openGscRefreshToken } from "@/lib/connections/secrets";
import { gscOAuthCredentials } from "@/lib/connections/config";
import { forgetAccessToken, gscAccessToken } from "@/lib/connections/gsc-access-token";
import { searchAnalyticsPages, type SearchAnalyticsRow } from "@/lib/engines/gsc";
import { logEngineWarning } from "@/lib/engines/log";
import { nextPacificMidnight, pacificDayKey } from "@/lib/engines/pacific-time";
import type { NotOk } from "@/lib/engines/outcome";
import { applySearchEvidence } from "./apply-search-evidence";
import { FINAL_LAG_DAYS, KEEP_DAYS, METRIC_DAYS, RETRY_AFTER_FAILURE_MS, ROWS_PER_REQUEST, WINDOW_DAYS } from "./config";
import { addDays } from "./day-keys";
import { storeSearchRows, type StoreCounts } from "./store-rows";

export type PullOutcome =
  | { status: "pulled"; windows: number; requests: number; rows: number; counts: StoreCounts; promoted: number; finalThrough: string | null }
  | { status: "waiting"; until: Date }
  | { status: "not_connected" | "not_configured" }
  | { status: "stopped"; reason: "quota" | "revoked" | "forbidden" | "failed"; message: string; retryAt: Date | null; windows: number };

type Connection = { domain: string; propertyUrl: string; box: string };

/**
 * Pulls a project's Search Analytics (dimensions page and date, web search, fresh data included) and keeps
 * it: on the first pull (or after the property changed) the console's 16 months, afterwards the days not
 * yet final. Windows of 30 days are asked oldest first, each paged by 25,000 rows; every window that is
 * wholly final moves `finalThrough`, so those days are never asked again and a pull stopped half-way (quota,
 * a revoked grant) resumes after the last window stored. The days asked again are cleared first (fresh
 * data changes until final). After a complete pull the URLs' 28-day figures and the evidence are written.
 */
export async function pullSearchAnalytics(ctx: OrgCtx, projectId: string, now: Date = new Date()): Promise<PullOutcome> {
  const conn = await readConnection(ctx, projectId);
  if (!conn) return { status: "not_connected" };
  const credentials = gscOAuthCredentials();
  if (!credentials) return { status: "not_configured" };

  const state = await readState(projectId, conn.propertyUrl);
  if (state.notBefore && state.notBefore > now) return { status: "waiting", until: state.notBefore };

  let refreshToken: string;
  try { refreshToken = openGscRefreshToken(projectId, conn.box); } catch {
    logEngineWarning(`The gsc grant of project ${projectId} cannot be decrypted (was ENCRYPTION_KEY changed?); connect gsc again`);
    return { status: "not_configured" };
  }
  const token = (fresh = false) => gscAccessToken({ projectId, box: conn.box, refreshToken: () => refreshToken, ...credentials, now, fresh });

  const today = pacificDayKey(now);
  const oldest = addDays(today, -(KEEP_DAYS - 1));
  let from = state.finalThrough && state.finalThrough >= oldest ? addDays(state.finalThrough, 1) : oldest;
  await clearFrom(projectId, from, addDays(today, -(METRIC_DAYS - 1)));

  const tally: Tally = { requests: 0, rows: 0, skipped: 0, counts: { matched: 0, untracked: 0, offHost: 0, invalid: 0 } };
  let windows = 0;
  let finalThrough = state.finalThrough;
  let access: string | null = null;
  while (from <= today) {
    const to = minDay(addDays(from, WINDOW_DAYS - 1), today);
    if (!access) {
      const t = await token();
      if (t.kind !== "ok") return stop(ctx, projectId, t, now, windows, state.quotaStrikes);
      access = t.token;
    }
    let read = await readWindow({ accessToken: access, siteUrl: conn.propertyUrl, startDate: from, endDate: to, now }, 0, tally, store);
    if (read.kind === "transient" && read.code === "unauthorized") {
      // A refused token: one fresh refresh tells an expired token from a dead grant; the window goes on where it stopped.
      forgetAccessToken(projectId);
      const t = await token(true);
      if (t.kind !== "ok") return stop(ctx, projectId, t, now, windows, state.quotaStrikes);
      access = t.token;
      read = await readWindow({ accessToken: access, siteUrl: conn.propertyUrl, startDate: from, endDate: to, now }, read.startRow, tally, store);
    }
    if (read.kind !== "ok") return stop(ctx, projectId, read, now, windows, state.quotaStrikes);
    const firstIncomplete = read.firstIncomplete;
    windows++;
    // The window's days are final up to the day before the first incomplete one (or, without one, all but the
    // last few days): those are kept for good; the rest of the window is asked again next time.
    const finalEnd = minDay(to, firstIncomplete ? addDays(firstIncomplete, -1) : addDays(today, -FINAL_LAG_DAYS));
    if (finalEnd >= from && (!finalThrough || finalEnd > finalThrough)) {
      finalThrough = finalEnd;
      await saveState(projectId, { finalThrough });
    }
    from = addDays(to, 1);
  }

  await db.$executeRaw(Prisma.sql`DELETE FROM url_search_days WHERE project_id = ${projectId}::uuid AND day < ${oldest}::date`);
  const evidence = await applySearchEvidence(ctx, projectId, today, now);
  const { counts } = tally;
  await saveState(projectId, {
    finalThrough, lastPulledAt: now, backfilledAt: state.backfilledAt ?? now, notBefore: null, lastError: null,
    rowsSkipped: tally.skipped + counts.invalid + counts.offHost, untrackedRows: counts.untracked, quotaStrikes: 0,
  });
  return { status: "pulled", windows, requests: tally.requests, rows: tally.rows, counts, promoted: evidence.promoted, finalThrough };

  async function store(rows: SearchAnalyticsRow[]) {
    return withTransaction(ctx, (ctx) => storeSearchRows(ctx, { projectId, domain: conn!.domain }, rows, today));
  }
}

type Tally = { requests: number; rows: number; skipped: number; counts: StoreCounts };
type WindowRead = { kind: "ok"; firstIncomplete: string | null } | (NotOk & { startRow: number });

/** Every answer page of one window, from `startRow`, into the store; the first failure stops it (with where it stopped). */
async function readWindow(
  query: { accessToken: string; siteUrl: string; startDate: string; endDate: string; now: Date }, startRow: number, tally: Tally,
  store: (rows: SearchAnalyticsRow[]) => Promise<StoreCounts>,
): Promise<WindowRead> {
  let firstIncomplete: string | null = null;
  for await (const page of searchAnalyticsPages({ ...query, dataState: "all", rowLimit: ROWS_PER_REQUEST, startRow })) {
    tally.requests++;
    if (page.kind !== "ok") return { ...page, startRow };
    const { rows, skipped, firstIncompleteDate } = page.value;
    firstIncomplete ??= firstIncompleteDate;
    tally.rows += rows.length;
    tally.skipped += skipped;
    startRow += rows.length + skipped;
    const c = await store(rows);
    for (const k of ["matched", "untracked", "offHost", "invalid"] as const) tally.counts[k] += c[k];
  }
  return { kind: "ok", firstIncomplete };
}

async function readConnection(ctx: OrgCtx, projectId: string): Promise<Connection | null> {
  const p = await db.project.findFirst({
    where: { id: projectId, organizationId: ctx.org.id, deletedAt: null, gscRevokedAt: null, gscPropertyUrl: { not: null }, gscRefreshTokenEnc: { not: null } },
    select: { domain: true, gscPropertyUrl: true, gscRefreshTokenEnc: true },
  });
  return p?.gscPropertyUrl && p.gscRefreshTokenEnc ? { domain: p.domain, propertyUrl: p.gscPropertyUrl, box: p.gscRefreshTokenEnc } : null;
}

type State = { finalThrough: string | null; notBefore: Date | null; backfilledAt: Date | null; quotaStrikes: number };

/** The pull's state for this property; another property than last time starts over (its data is another's). */
async function readState(projectId: string, propertyUrl: string): Promise<State> {
  const row = await db.searchAnalyticsPull.findUnique({ where: { projectId } });
  if (row && row.propertyUrl === propertyUrl) {
    return { finalThrough: row.finalThrough ? row.finalThrough.toISOString().slice(0, 10) : null, notBefore: row.notBefore, backfilledAt: row.backfilledAt, quotaStrikes: row.quotaStrikes };
  }
  await withTransaction(systemCtx("pull-search-analytics"), async (ctx) => {
    const { tx } = ctx;
    await tx.urlSearchDay.deleteMany({ where: { projectId } });
    await tx.untrackedSearchPage.deleteMany({ where: { projectId } });
    await tx.searchAnalyticsPull.upsert({
      where: { projectId },
      create: { projectId, propertyUrl },
      update: { propertyUrl, finalThrough: null, backfilledAt: null, lastPulledAt: null, notBefore: null, lastError: null, quotaStrikes: 0 },
    });
  });
  return { finalThrough: null, notBefore: null, backfilledAt: null, quotaStrikes: 0 };
}

async function saveState(projectId: string, data: {
  finalThrough?: string | null; lastPulledAt?: Date; backfilledAt?: Date | null; notBefore?: Date | null; lastError?: string | null;
  rowsSkipped?: number; untrackedRows?: number; quotaStrikes?: number;
}) {
  const { finalThrough, ...rest } = data;
  await db.searchAnalyticsPull.update({
    where: { projectId },
    data: { ...rest, ...(finalThrough !== undefined ? { finalThrough: finalThrough ? new Date(`${finalThrough}T00:00:00Z`) : null } : {}) },
  });
}

/** Days from `from` on are asked again: what was stored of them goes; untracked days older than the 28-day window go too. */
async function clearFrom(projectId: string, from: string, untrackedFrom: string) {
  await db.$executeRaw(Prisma.sql`DELETE FROM url_search_days WHERE project_id = ${projectId}::uuid AND day >= ${from}::date`);
  await db.$executeRaw(Prisma.sql`DELETE FROM untracked_search_pages WHERE project_id = ${projectId}::uuid AND (day >= ${from}::date OR day < ${untrackedFrom}::date)`);
}

async function stop(ctx: OrgCtx, projectId: string, why: NotOk, now: Date, windows: number, quotaStrikes: number): Promise<PullOutcome> {
  if (why.kind === "revoked") {
    forgetAccessToken(projectId);
    await withTransaction(ctx, (ctx) => markGscRevoked(ctx, projectId, now));
    await saveState(projectId, { lastError: why.message });
    return { status: "stopped", reason: "revoked", message: why.message, retryAt: null, windows };
  }
  if (why.kind === "quota") {
    // ENGINES.md: wait 15 minutes; a quota answer again right after means the day's load is spent.
    const retryAt = quotaStrikes >= 1 ? nextPacificMidnight(now) : why.retryAt;
    await saveState(projectId, { notBefore: retryAt, lastError: why.message, quotaStrikes: quotaStrikes + 1 });
    return { status: "stopped", reason: "quota", message: why.message, retryAt, windows };
  }
  const retryAt = new Date(now.getTime() + RETRY_AFTER_FAILURE_MS);
  await saveState(projectId, { notBefore: retryAt, lastError: why.message });
  if (why.kind !== "invalid") logEngineWarning(why.message);
  return { status: "stopped", reason: why.kind === "invalid" && why.code === "forbidden" ? "forbidden" : "failed", message: why.message, retryAt, windows };
}

const minDay = (a: string, b: string) => (a < b ? a : b);
