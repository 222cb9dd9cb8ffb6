import { systemCtx } from "@/lib/core/context";
import { db, dbOf, Prisma, sqlExecute, sqlRows, withTransaction } from "@/lib/db";
import { clearProjectIssue, detectProjectIssue } from "@/lib/issues/detections";
import { getDefaultFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { checkCertificate, defaultCertificateReader, isExpiring, type CertificateReader } from "./certificate";
import { HOME_CHECK_MS, robotsWatchMs, TICK_BATCH, tickConcurrency } from "./config";
import { checkHomePage, originOf } from "./home-page";
import { fetchWatchedRobots, type RobotsFetchOutcome } from "./robots-fetch";
import { applyRobotsOutcome, sha256Hex, watchedOrigin, type WatchRow } from "./robots-watch";

// The watch tick (inngest/functions/site-watch/watch-robots-txt.ts, every minute): claims the projects whose
// robots.txt fetch is due in batches (FOR UPDATE SKIP LOCKED, the due time moved on by one interval at claim, so a
// crashed batch is retried at the next interval and two runners never fetch a project twice), fetches each batch
// with bounded concurrency, and writes the common outcome (the current version again: 304 or the same bytes) for
// the whole batch in two statements. Each project keeps its own phase in the window (set from a hash of its id when
// its row is made), so 10,000 projects every 5 minutes are ~33 fetches a second spread evenly, never a burst.

export type TickOptions = {
  fetcher?: SafeFetcher; readCertificate?: CertificateReader; now?: () => Date; batch?: number; concurrency?: number;
  /** Only these projects (a suite never claims what parallel suites made due). */
  only?: string[];
  /** A fetch started later than this after its due time counts as late (default one cron minute). */
  onTimeMs?: number;
};
export type BatchReport = { claimed: number; notModified: number; unchanged: number; changed: number; failures: number; homeChecks: number; maxLatenessMs: number; late: number };

type Claimed = WatchRow & {
  dueAt: Date;
  etag: string | null;
  lastModified: string | null;
  currentSha: string | null;
  currentStatus: number | null;
  homeCheckedAt: Date | null;
  homeFinalUrl: string | null;
};

/** Makes the watch row of every active project that has none, each due at its own phase of the window. */
export async function ensureWatchRows(now: Date): Promise<number> {
  const windowMs = robotsWatchMs();
  return db.$executeRaw(Prisma.sql`
    INSERT INTO site_watches (project_id, organization_id, robots_next_fetch_at, updated_at)
    SELECT p.id, p.organization_id, ${now}::timestamptz + make_interval(secs => (abs(hashtext(p.id::text)::bigint) % ${windowMs}::bigint) / 1000.0), now()
    FROM projects p
    WHERE p.status = 'active' AND p.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM site_watches w WHERE w.project_id = p.id)
    ON CONFLICT (project_id) DO NOTHING`);
}

/** Claims up to `limit` due projects: their next fetch moves one interval on (from their due time, keeping the phase). */
export async function claimDue(now: Date, limit: number, only?: string[]): Promise<Claimed[]> {
  const windowMs = robotsWatchMs();
  const rows = await sqlRows<Record<string, unknown>>(Prisma.sql`
    WITH due AS (
      SELECT w.project_id, w.robots_next_fetch_at AS due_at FROM site_watches w JOIN projects p ON p.id = w.project_id
      WHERE w.robots_next_fetch_at <= ${now} AND p.status = 'active' AND p.deleted_at IS NULL
        ${only ? Prisma.sql`AND w.project_id = ANY(${only}::uuid[])` : Prisma.empty}
      ORDER BY w.robots_next_fetch_at LIMIT ${limit} FOR UPDATE OF w SKIP LOCKED)
    UPDATE site_watches w SET robots_next_fetch_at = CASE
        WHEN due.due_at + make_interval(secs => ${windowMs / 1000}::float8) > ${now} THEN due.due_at + make_interval(secs => ${windowMs / 1000}::float8)
        ELSE ${now}::timestamptz + make_interval(secs => ${windowMs / 1000}::float8) END
    FROM due JOIN projects p ON p.id = due.project_id
    WHERE w.project_id = due.project_id
    RETURNING w.project_id::text AS "projectId", w.organization_id::text AS "organizationId", p.domain, p.name, w.origin, due.due_at AS "dueAt",
      w.robots_etag AS etag, w.robots_last_modified AS "lastModified", w.robots_last_version_id::text AS "lastVersionId",
      w.robots_current_version_id::text AS "currentVersionId", w.robots_pending_version_id::text AS "pendingVersionId",
      w.robots_pending_count AS "pendingCount", w.robots_failures AS failures, w.robots_failing_since AS "failingSince",
      w.home_checked_at AS "homeCheckedAt", w.home_final_url AS "homeFinalUrl",
      (SELECT v.sha256 FROM robots_txt_versions v WHERE v.id = w.robots_current_version_id) AS "currentSha",
      (SELECT v.http_status FROM robots_txt_versions v WHERE v.id = w.robots_current_version_id) AS "currentStatus"`);
  return rows as unknown as Claimed[];
}

/** Checks the home page and the origin's certificate, stores both, and opens or resolves `certificate_expiring`. */
export async function checkSite(w: Pick<Claimed, "projectId" | "organizationId" | "domain" | "origin" | "homeFinalUrl">, fetcher: SafeFetcher, read: CertificateReader, now: Date) {
  const home = await checkHomePage(fetcher, w.domain);
  const origin = originOf(home) ?? watchedOrigin(w);
  const cert = await checkCertificate(origin, read);
  const moved = home.finalUrl !== null && w.homeFinalUrl !== null && home.finalUrl !== w.homeFinalUrl;
  const ref = { organizationId: w.organizationId, projectId: w.projectId };
  const jobCtx = systemCtx("robots-watch", w.organizationId);
  await withTransaction(jobCtx, async (ctx) => {
      const tx = dbOf(ctx);
    await tx.siteWatch.update({
      where: { projectId: w.projectId },
      data: {
        origin, homeCheckedAt: now, homeStatus: home.status, homeFinalUrl: home.finalUrl, homeError: home.error?.slice(0, 500) ?? null,
        ...(moved ? { homePreviousFinalUrl: w.homeFinalUrl, homeChangedAt: now } : {}),
        certCheckedAt: now, certState: cert.state, certExpiresAt: cert.expiresAt, certIssuer: cert.issuer, certError: cert.error?.slice(0, 500) ?? null,
      },
    });
    if (cert.expiresAt && isExpiring(cert.expiresAt, now)) {
      await detectProjectIssue(ctx, ref.projectId, "certificate_expiring", { expiresAt: cert.expiresAt.toISOString(), host: new URL(origin).hostname }, now);
    } else if (cert.expiresAt || cert.state === "not_https") {
      await clearProjectIssue(ctx, ref.projectId, "certificate_expiring", now);
    }
  });
  return { origin, home, cert };
}

/** Whether an outcome only says "the current version, again" for a project in a quiet state: written in bulk. */
function isQuiet(w: Claimed, o: RobotsFetchOutcome): boolean {
  if (w.failures > 0 || w.pendingVersionId || !w.currentVersionId) return false;
  if (o.kind === "not_modified") return w.lastVersionId === w.currentVersionId;
  return o.kind === "content" && o.status === w.currentStatus && sha256Hex(o.body) === w.currentSha;
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

/** Claims one batch of due projects and watches each: home page and certificate when an hour old, then robots.txt. */
export async function watchBatch(opts: TickOptions = {}): Promise<BatchReport> {
  const fetcher = opts.fetcher ?? getDefaultFetcher();
  const read = opts.readCertificate ?? defaultCertificateReader;
  const clock = opts.now ?? (() => new Date());
  const claimed = await claimDue(clock(), opts.batch ?? TICK_BATCH, opts.only);
  const report: BatchReport = { claimed: claimed.length, notModified: 0, unchanged: 0, changed: 0, failures: 0, homeChecks: 0, maxLatenessMs: 0, late: 0 };
  const onTimeMs = opts.onTimeMs ?? 60_000;
  const quiet: { w: Claimed; o: RobotsFetchOutcome; at: Date }[] = [];
  const loud: { w: Claimed; o: RobotsFetchOutcome; at: Date }[] = [];

  await pool(claimed, opts.concurrency ?? tickConcurrency(), async (w) => {
    try {
      const started = clock();
      const lateness = started.getTime() - new Date(w.dueAt).getTime();
      report.maxLatenessMs = Math.max(report.maxLatenessMs, lateness);
      if (lateness > onTimeMs) report.late++;
      if (!w.homeCheckedAt || started.getTime() - new Date(w.homeCheckedAt).getTime() >= HOME_CHECK_MS) {
        const site = await checkSite(w, fetcher, read, started);
        w.origin = site.origin;
        report.homeChecks++;
      }
      const o = await fetchWatchedRobots(fetcher, `${watchedOrigin(w)}/robots.txt`, { etag: w.etag, lastModified: w.lastModified });
      (isQuiet(w, o) ? quiet : loud).push({ w, o, at: clock() });
    } catch (e) {
      console.error(`[site-watch] project ${w.projectId}: watch failed`, e);
    }
  });

  if (quiet.length) {
    const rows = quiet.map(({ w, o, at }) => ({
      project_id: w.projectId, at: at.toISOString(), status: o.kind === "failure" ? null : o.status,
      etag: o.kind === "failure" ? null : o.validators.etag, lm: o.kind === "failure" ? null : o.validators.lastModified,
    }));
    // Straight on the pool (sqlExecute), not through Prisma's query engine: its compiling and copying of a 500-row
    // JSON parameter were a few per cent of the watch's CPU.
    await sqlExecute(Prisma.sql`
      UPDATE site_watches w SET robots_last_fetch_at = x.at, robots_last_status = x.status, robots_etag = x.etag, robots_last_modified = x.lm,
        robots_last_version_id = w.robots_current_version_id, robots_last_error = NULL, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(project_id uuid, at timestamptz, status int, etag text, lm text)
      WHERE w.project_id = x.project_id`);
    await sqlExecute(Prisma.sql`
      UPDATE robots_txt_versions SET last_seen_at = ${clock()} WHERE id = ANY(${quiet.map((q) => q.w.currentVersionId!)}::uuid[])`);
    for (const { o } of quiet) {
      if (o.kind === "not_modified") report.notModified++;
      else report.unchanged++;
    }
  }
  for (const { w, o, at } of loud) {
    try {
      const r = await applyRobotsOutcome(w, o, at);
      if (o.kind === "failure") report.failures++;
      else if (r.changed) report.changed++;
      else if (o.kind === "not_modified") report.notModified++;
      else report.unchanged++;
    } catch (e) {
      console.error(`[site-watch] project ${w.projectId}: recording the robots.txt fetch failed`, e);
    }
  }
  return report;
}
