// Site watch benchmark (issue 35): npm run bench:watch
// 1. The robots.txt watch for PROJECTS (10,000) projects, each with its own host, against fake sites in another process
//    answering mostly 304, over a scaled window: ROBOTS_WATCH_MINUTES=WINDOW_MIN (1) with a tick every fifth of it (the
//    cron's minute in a 5-minute window), for WINDOWS (2) windows after the versions are seeded. Measured: the share of
//    fetches on time (started within one tick of their due time) and the app process's CPU (process.cpuUsage), both
//    during the run and per real 5-minute window (the same fetches spread over 300 s).
// 2. The impact of a robots.txt change at URLS (1,000,000) tracked URLs: time and the process's peak RSS.
// Results go to docs/benchmarks.md ("Site watch (bench/watch)").
import { spawn } from "node:child_process";
import { benchDatabase, bundleChild, ROOT, writeResults } from "../lib.mjs";
import { applyMigrations } from "../../lib/db/migrate";
import { getTestCa } from "../../tests/fakes/test-ca";

const PROJECTS = Number(process.env.PROJECTS ?? 10_000);
const WINDOW_MIN = Number(process.env.WINDOW_MIN ?? 1);
const WINDOWS = Number(process.env.WINDOWS ?? 2);
const URLS = Number(process.env.URLS ?? 1_000_000);
const windowMs = WINDOW_MIN * 60_000;
const tickMs = windowMs / 5;

const { DATABASE_URL, reuse } = await benchDatabase("iw_bench_watch");
process.env.DATABASE_URL = DATABASE_URL;
process.env.ROBOTS_WATCH_MINUTES = String(WINDOW_MIN);
if (!reuse) await applyMigrations(DATABASE_URL);
const { db, Prisma } = await import("../../lib/db");
const { ensureUser } = await import("../../lib/users/ensure-user");
const { createSafeFetcher } = await import("../../lib/net/safe-fetch");
const { watchBatch } = await import("../../lib/site-watch/robots-watch-tick");
const { sha256Hex } = await import("../../lib/site-watch/robots-watch");

const BODY = "User-agent: *\nDisallow: /admin\n";
const { organizationId, userId } = await ensureUser("bench-watch@example.test");

const PARTS = (process.env.PARTS ?? "watch,impact").split(",");
const fmt = (n: number) => n.toLocaleString("en-US");

// ─── 1. The watch ────────────────────────────────────────────────────────────────────────────────
if (PARTS.includes("watch")) {
const ca = getTestCa();
const pair = ca.issue(["*.wb.test"]);
const fake = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "bench/watch/fake-site.ts"], {
  env: { ...process.env, SITE_KEY: pair.key, SITE_CERT: pair.cert, ROBOTS_BODY: BODY }, stdio: ["ignore", "pipe", "inherit"],
});
const port = await new Promise<number>((resolve) => fake.stdout!.once("data", (d) => resolve(Number(String(d).trim()))));

await db.$executeRaw`DELETE FROM projects WHERE organization_id = ${organizationId}::uuid AND domain LIKE 'p%.wb.test'`;
await db.$executeRaw(Prisma.sql`
  INSERT INTO projects (id, organization_id, created_by_user_id, name, domain, live_domain, sitemap_url, updated_at)
  SELECT gen_random_uuid(), ${organizationId}::uuid, ${userId}::uuid, 'p' || i || '.wb.test', 'p' || i || '.wb.test', 'p' || i || '.wb.test',
         'https://p' || i || '.wb.test/sitemap.xml', now()
  FROM generate_series(1, ${PROJECTS}) AS i`);
// Seeded as after a first fetch: one current version per project with its ETag; due times spread over one window that
// starts a tick before the first tick, so each tick fetches what fell due during the tick before it (the steady state)
// and each window fetches every project once.
const start = new Date(Date.now() + 5_000);
const firstDue = new Date(start.getTime() - tickMs);
await db.$executeRaw(Prisma.sql`
  INSERT INTO robots_txt_versions (id, organization_id, project_id, http_status, sha256, content, bytes, final_url, first_seen_at, last_seen_at, became_current_at)
  SELECT gen_random_uuid(), p.organization_id, p.id, 200, ${sha256Hex(Buffer.from(BODY))}, ${Buffer.from(BODY)}, ${Buffer.byteLength(BODY)},
         'https://' || p.domain || '/robots.txt', now(), now(), now()
  FROM projects p WHERE p.organization_id = ${organizationId}::uuid AND p.domain LIKE 'p%.wb.test'`);
await db.$executeRaw(Prisma.sql`
  INSERT INTO site_watches (project_id, organization_id, origin, robots_next_fetch_at, robots_etag, robots_last_version_id, robots_current_version_id,
                            robots_current_since, home_checked_at, updated_at)
  SELECT p.id, p.organization_id, 'https://' || p.domain, ${firstDue}::timestamptz + make_interval(secs => (row_number() OVER (ORDER BY p.id) - 1) * ${windowMs / 1000 / PROJECTS}::float8),
         '"v1"', v.id, v.id, now(), now() + interval '1 day', now()
  FROM projects p JOIN robots_txt_versions v ON v.project_id = p.id WHERE p.organization_id = ${organizationId}::uuid AND p.domain LIKE 'p%.wb.test'`);

const benchIds = (await db.project.findMany({ where: { organizationId, domain: { endsWith: ".wb.test", startsWith: "p" } }, select: { id: true } })).map((p) => p.id);
// TLS_AB=1: an A/B in the same run. The first window (as after a restart: no session yet) is fetched with TLS sessions
// kept; the windows after it alternate a fetcher that keeps none (off) and the first one (on), each batch's CPU counted
// to its mode. Otherwise every window uses the fetcher with sessions.
const connectTo = `:443:127.0.0.1:${port}`;
const fetchers = { on: createSafeFetcher({ connectTo, tlsCa: ca.caPem }), off: createSafeFetcher({ connectTo, tlsCa: ca.caPem, tlsSessions: 0 }) };
const AB = process.env.TLS_AB === "1";
const modeOf = (window: number): "first" | "on" | "off" => (window === 0 ? "first" : !AB || window % 2 === 0 ? "on" : "off");
const byMode: Record<string, { fetches: number; cpuMs: number; resumed: number; full: number }> = {};
const noCert = async () => ({ ok: false as const, kind: "tls", error: "not read in this bench" });
const runMs = WINDOWS * windowMs;
await new Promise((r) => setTimeout(r, start.getTime() - Date.now()));
const cpu0 = process.cpuUsage();
const t0 = performance.now();
let fetched = 0;
let late = 0;
let maxLateMs = 0;
let failures = 0;
for (let tick = 0; tick * tickMs < runMs; tick++) {
  const at = start.getTime() + tick * tickMs;
  await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
  const mode = modeOf(Math.floor((tick * tickMs) / windowMs));
  const fetcher = fetchers[mode === "off" ? "off" : "on"];
  const m = (byMode[mode] ??= { fetches: 0, cpuMs: 0, resumed: 0, full: 0 });
  for (;;) {
    const c0 = process.cpuUsage();
    const tls0 = { ...fetcher.tlsStats! };
    // No `only` filter: the bench's database holds no other watch rows, and `project_id = ANY(<10,000 ids>)` made each
    // claim take 25 s at 10,000 projects (54 ms without it), so the bench fell behind.
    const r = await watchBatch({ fetcher, readCertificate: noCert, onTimeMs: tickMs });
    const c = process.cpuUsage(c0);
    m.cpuMs += (c.user + c.system) / 1000;
    m.fetches += r.claimed;
    m.resumed += fetcher.tlsStats!.resumed - tls0.resumed;
    m.full += fetcher.tlsStats!.full - tls0.full;
    fetched += r.claimed;
    late += r.late;
    failures += r.failures;
    maxLateMs = Math.max(maxLateMs, r.maxLatenessMs);
    if (r.claimed < 500) break;
  }
}
for (const [mode, m] of Object.entries(byMode)) console.log({ mode, ...m, cpuMsPerFetch: m.cpuMs / Math.max(1, m.fetches) });
const wallMs = performance.now() - t0;
const errors = await db.$queryRaw<{ error: string; n: number }[]>`
  SELECT left(robots_last_error, 200) AS error, count(*)::int AS n FROM site_watches WHERE project_id = ANY(${benchIds}::uuid[]) AND robots_last_error IS NOT NULL
  GROUP BY 1 ORDER BY 2 DESC LIMIT 5`;
if (errors.length) console.log({ lastErrors: errors });
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
fake.kill("SIGTERM");
const expected = PROJECTS * WINDOWS;
const cpuPct = (100 * cpuMs) / wallMs;
const cpuPerRealWindowPct = (100 * (cpuMs / WINDOWS)) / 300_000;
const cpuPer10kPct = cpuPerRealWindowPct * (10_000 / PROJECTS);
console.log({ fetched, expected, late, failures, maxLateMs, wallMs: Math.round(wallMs), cpuMs: Math.round(cpuMs), cpuPct, cpuPerRealWindowPct, cpuPer10kPct });
const load = (await import("node:os")).loadavg()[0];
writeResults("watch", `## Site watch (bench/watch)

\`npm run bench:watch\` (${new Date().toISOString().slice(0, 10)}, 2-core machine; load average ${load.toFixed(1)} during the run from other work; PostgreSQL local).

**robots.txt watch.** Each project has its own host (\`pN.wb.test\`, HTTPS through CONNECT_TO to fake sites in
another process that answer 304 to the ETag 95 % of the time and 200 with the same bytes otherwise). ${fmt(PROJECTS)} projects, the window
${WINDOW_MIN} minute${WINDOW_MIN === 1 ? "" : "s"} (\`ROBOTS_WATCH_MINUTES=${WINDOW_MIN}\`) with a tick every ${tickMs / 1000} s (a fifth of the window, as the
one-minute cron is a fifth of the default 5 minutes): ${(PROJECTS / (WINDOW_MIN * 60)).toFixed(1)} fetches/s, against 33.3/s for 10,000 projects every 5 minutes
(the CPU per real window below is the CPU of the same fetches spread over 300 s, then scaled to 10,000 projects).
${WINDOWS} windows; versions seeded as after a first fetch; the hourly home page and certificate checks are left out.

| measure | result | target |
|---|---|---|
| fetches done / due | ${fmt(fetched)} / ${fmt(expected)} | all |
| on time: fetched before its next turn (less than one interval, ${WINDOW_MIN * 60} s, after due) | ${maxLateMs < windowMs ? "100 %" : "not all"} (latest ${(maxLateMs / 1000).toFixed(1)} s after due) | every project |
| started within one tick (${tickMs / 1000} s) of the due time | ${(100 * (1 - late / Math.max(1, fetched))).toFixed(1)} % | — |
| fetch failures | ${fmt(failures)} | 0 |
| app process CPU during the run | ${cpuPct.toFixed(1)} % of one core (${(cpuMs / 1000).toFixed(1)} s CPU in ${(wallMs / 1000).toFixed(0)} s) | — |
| CPU per fetch (TLS handshake, request, bookkeeping) | ${(cpuMs / Math.max(1, fetched)).toFixed(2)} ms | — |
| app process CPU for 10,000 projects per 5-minute window | ${cpuPer10kPct.toFixed(1)} % of one core | < 10 % |

| windows | fetches | TLS handshakes resumed / full | CPU per fetch (in the batches) |
|---|---|---|---|
${Object.entries(byMode).map(([mode, m]) => `| ${mode === "first" ? "first (no session yet)" : mode === "on" ? "sessions kept" : "no sessions (tlsSessions 0)"} | ${fmt(m.fetches)} | ${fmt(m.resumed)} / ${fmt(m.full)} | ${(m.cpuMs / Math.max(1, m.fetches)).toFixed(2)} ms |`).join("\n")}
`);
}

// ─── 2. Impact at URLS tracked URLs ─────────────────────────────────────────────────────────────
if (PARTS.includes("impact")) {
const host = "impact.wb.test";
let project = await db.project.findFirst({ where: { organizationId, domain: host } });
project ??= await db.project.create({ data: { organizationId, createdByUserId: userId, name: host, domain: host, liveDomain: host, sitemapUrl: `https://${host}/sitemap.xml` } });
const have = await db.trackedUrl.count({ where: { projectId: project.id } });
if (have !== URLS) {
  await db.$executeRaw`DELETE FROM tracked_urls WHERE project_id = ${project.id}::uuid`;
  const t = performance.now();
  for (let from = 0; from < URLS; from += 100_000) {
    await db.$executeRaw(Prisma.sql`
      INSERT INTO tracked_urls (id, organization_id, project_id, url, source, priority, impressions_28d, clicks_28d, updated_at)
      SELECT gen_random_uuid(), ${organizationId}::uuid, ${project.id}::uuid,
             'https://${Prisma.raw(host)}/' || (ARRAY['shop','blog','help','docs'])[1 + i % 4] || '/item-' || i || '?ref=' || (i % 7),
             'manual', CASE WHEN i % 100 = 0 THEN 'high'::"UrlPriority" END, CASE WHEN i % 10 = 0 THEN i % 500 END, CASE WHEN i % 10 = 0 THEN i % 20 END, now()
      FROM generate_series(${from}::int, ${Math.min(URLS, from + 100_000) - 1}::int) AS i`);
  }
  console.log(`seeded ${URLS} URLs in ${Math.round((performance.now() - t) / 1000)} s`);
}
// Measured in a child process of its own, bundled as the app's build would (bench/lib.mjs bundleChild) and run by plain
// node: under tsx the process holds every transpiled module and its source map (210-280 MB before the call).
await db.$executeRawUnsafe("VACUUM ANALYZE tracked_urls");
const childFile = await bundleChild("watch", "impact-child.ts");
type ImpactRun = { wallMs: number; cpuMs: number; rssBeforeMB: number; peakRssMB: number; maxRssMB: number; googlebot: number; importantBlocked: number; scanned: number };
const runImpact = () => new Promise<ImpactRun>((resolve, reject) => {
  const child = spawn(process.execPath, [childFile, project.id, host], { cwd: ROOT, env: { ...process.env, DATABASE_URL }, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop()!)) : reject(new Error(`impact child failed (${code})`))));
});
const runs: (ImpactRun & { load: string })[] = [];
for (let i = 0; i < Number(process.env.IMPACT_RUNS ?? 2); i++) {
  const load = (await import("node:os")).loadavg().map((l) => l.toFixed(1)).join(" ");
  const r = await runImpact();
  runs.push({ ...r, load });
  console.log({ run: i + 1, load, ...r });
}
const rows = runs.map((r, i) => `| ${i + 1} | ${r.load} | ${(r.wallMs / 1000).toFixed(1)} s | ${(r.cpuMs / 1000).toFixed(1)} s | ${Math.round(r.maxRssMB)} MB (${Math.round(r.rssBeforeMB)} MB) |`);
writeResults("watch-impact", `**Impact of a robots.txt change at ${fmt(URLS)} tracked URLs** (\`computeRobotsImpact\`, 16 crawlers, one server-side cursor read 5,000 URLs at a time,
in a bundled child process run by plain node; ${fmt(runs[0].googlebot)} URLs newly blocked for Googlebot, ${fmt(runs[0].importantBlocked)} important).

| run | load (1, 5, 15 min) | wall (< 30 s) | process CPU | peak RSS (before the call; < 300 MB) |
|---|---|---|---|---|
${rows.join("\n")}
`);
}
await db.$executeRaw`DELETE FROM projects WHERE organization_id = ${organizationId}::uuid AND domain LIKE 'p%.wb.test'`;
process.exit(0);
