// Crawl logs benchmark: a generated combined-format log of 1 GiB before compression (~4 million lines: browsers,
// real and spoofed crawlers, 200,000 distinct URLs), gzipped, uploaded through the POST …/logs route handler in a
// child process (multipart streamed from disk) and processed by the in-process job to stored aggregates.
// Reports lines/s end to end (target >= 150,000) against `zcat | wc -l` on the same file (the floor), the child's
// peak RSS (target < 300 MB, flat in the file size) and the verifier's cache hit rate.
// Then runs bench/logs/push-load.ts (npm run bench:logs-push; BENCH_SKIP_PUSH=1 to leave it out).
// Usage: npm run bench:logs   (BENCH_LOG_GIB=4 for the 4 GiB run; BENCH_DATABASE_URL / DATABASE_URL or local PostgreSQL). The bench database
// iw_bench_logs is left for inspection: drop it when done.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bundleChild, freshDatabase, ROOT, writeResults } from "../lib.mjs";
import { applyMigrations } from "../../lib/db/migrate";
import { startFakeDns } from "../../tests/fakes/dns-server";
import { DISTINCT_URLS, generateLog, urlPath } from "./generate-log";

// BENCH_LOG_GIB=1,4 runs both sizes; BENCH_RENDER_ONLY=1 only rewrites docs/benchmarks.md from bench/results/logs.json.
const SIZES = process.env.BENCH_RENDER_ONLY ? [] : (process.env.BENCH_LOG_GIB ?? "1").split(",").map(Number);
const DOMAIN = "shop-bench.example";
const TRACKED = DISTINCT_URLS / 2;

const DATABASE_URL = await freshDatabase("iw_bench_logs");
process.env.DATABASE_URL = DATABASE_URL;
await applyMigrations(DATABASE_URL);
const { db, Prisma } = await import("../../lib/db");
const { ensureUser } = await import("../../lib/users/ensure-user");
const { createSession } = await import("../../lib/auth/sessions");
const { userId, organizationId } = await ensureUser("bench-logs@example.test");
const { sessionToken } = await createSession(userId);
const dns = await startFakeDns(); // spoofed addresses: reverse lookups answer NXDOMAIN at once
const child = await bundleChild("logs", "upload-child.ts");

type Row = { gib: number; lines: number; plainBytes: number; gzBytes: number; zcatS: number; zcatLps: number; totalS: number; idleS: number; uploadS: number; lps: number;
  peakRssMB: number; peakUploadRssMB: number; cpuUsPerLine: number; hitRate: number; lookups: number; verified: number; unverified: number; stored: number;
  phases: { runS: number; dbWaitS: number; dnsWaitS: number; heapCollections: number; fieldsS: number }; load: [number, number] };
const rows: Row[] = [];
for (const gib of SIZES) {
  const project = await db.project.create({
    data: { organizationId, createdByUserId: userId, name: `${DOMAIN} ${gib}`, domain: DOMAIN, liveDomain: `${gib}.${DOMAIN}`, sitemapUrl: `https://${DOMAIN}/sitemap.xml` },
  });
  const urls = Array.from({ length: TRACKED }, (_, i) => `https://${DOMAIN}${urlPath(i * 2)}`);
  await db.$executeRaw(Prisma.sql`INSERT INTO tracked_urls (id, organization_id, project_id, url, source, updated_at)
    SELECT gen_random_uuid(), ${organizationId}::uuid, ${project.id}::uuid, u, 'manual', now() FROM unnest(${urls}::text[]) AS u`);

  const file = path.join(os.tmpdir(), `iw-bench-logs-${gib}g.log.gz`);
  // BENCH_KEEP_FILE=1 keeps the generated file for the next run (same seed, same lines; its 30 days end when it was made).
  const kept = process.env.BENCH_KEEP_FILE && fs.existsSync(`${file}.json`) ? JSON.parse(fs.readFileSync(`${file}.json`, "utf8")) : null;
  if (!kept) console.log(`[bench:logs] generating ${gib} GiB …`);
  const gen = kept ?? await generateLog(file, gib * 1024 ** 3, new Date());
  if (process.env.BENCH_KEEP_FILE) fs.writeFileSync(`${file}.json`, JSON.stringify(gen));
  const loadBefore = os.loadavg()[0];
  const zt = performance.now();
  const zcat = spawnSync("bash", ["-c", `zcat '${file}' | wc -l`], { encoding: "utf8" });
  const zcatS = (performance.now() - zt) / 1000;
  if (Number(zcat.stdout.trim()) !== gen.lines) throw new Error(`zcat counted ${zcat.stdout.trim()} lines, generated ${gen.lines}`);

  console.log(`[bench:logs] uploading and processing ${gen.lines.toLocaleString("en-US")} lines …`);
  const spool = fs.mkdtempSync(path.join(os.tmpdir(), "iw-bench-spool-"));
  // Spawned, not spawnSync: the fake DNS server answers from this process's event loop.
  const proc = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean), child, file, organizationId, project.id, sessionToken], {
    cwd: ROOT, stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, DATABASE_URL, DNS_SERVERS: dns.server, LOG_SPOOL_DIR: spool, DISABLE_IN_PROCESS_JOBS: "1", LOG_DNS_LOOKUPS_PER_SECOND: "1000", NODE_ENV: "production" },
  });
  let stdout = "";
  proc.stdout.on("data", (d) => { stdout += d; if (process.env.BENCH_VERBOSE) process.stdout.write(d); });
  const code = await new Promise<number | null>((resolve) => proc.on("exit", resolve));
  fs.rmSync(spool, { recursive: true, force: true });
  if (!process.env.BENCH_KEEP_FILE) fs.rmSync(file, { force: true });
  if (code !== 0) throw new Error(`upload child failed (${code})`);
  const out = JSON.parse(stdout.trim().split("\n").pop()!);
  if (out.status !== "completed" || out.linesRead !== gen.lines) throw new Error(`import incomplete: ${JSON.stringify(out)}`);
  const [{ v, u }] = await db.$queryRaw<{ v: number; u: number }[]>(Prisma.sql`
    SELECT sum(verified_hits)::int AS v, sum(unverified_hits)::int AS u FROM crawl_project_days WHERE project_id = ${project.id}::uuid`);
  if (v !== out.verifiedHits || u !== out.unverifiedHits) throw new Error(`stored aggregates differ from the import's counts: ${v}/${u} vs ${out.verifiedHits}/${out.unverifiedHits}`);
  const stored = await db.crawlUrlDay.count({ where: { projectId: project.id } });
  const { lookups, cacheHits } = out.verification;
  rows.push({
    gib, lines: gen.lines, plainBytes: gen.plainBytes, gzBytes: gen.gzBytes, zcatS, zcatLps: gen.lines / zcatS, totalS: out.ms / 1000, idleS: out.idleMs / 1000, uploadS: out.uploadMs / 1000,
    lps: gen.lines / (out.ms / 1000), peakRssMB: out.peakRssMB, peakUploadRssMB: out.peakUploadRssMB, cpuUsPerLine: (out.cpuS * 1e6) / gen.lines,
    hitRate: cacheHits / Math.max(1, cacheHits + lookups), lookups, verified: v, unverified: u, stored, phases: out.phases, load: [loadBefore, os.loadavg()[0]],
  });
  console.log(`[bench:logs] ${JSON.stringify(rows.at(-1))}`);
}
await dns.close();
await db.$disconnect();

// Each size's row is kept in bench/results/logs.json (not committed), so sizes run apart (BENCH_LOG_GIB=1, then =4) share the table.
const store = path.join(ROOT, "bench/results/logs.json");
fs.mkdirSync(path.dirname(store), { recursive: true });
const kept: Row[] = fs.existsSync(store) && !process.env.BENCH_FRESH ? (JSON.parse(fs.readFileSync(store, "utf8")) as Row[]).filter((r) => !SIZES.includes(r.gib)) : [];
const all = [...kept, ...rows].sort((a, b) => a.gib - b.gib);
fs.writeFileSync(store, JSON.stringify(all, null, 2));

const n = (x: number) => Math.round(x).toLocaleString("en-US");
const met = (ok: boolean) => (ok ? "met" : "NOT met");
const table = all.map((r) => `| ${r.gib} GiB (${(r.gzBytes / 1024 ** 2).toFixed(0)} MiB gzip) | ${n(r.lines)} | ${r.totalS.toFixed(1)} s (upload ${r.uploadS.toFixed(1)} s) | **${n(r.lps)}** `
  + `| ${r.zcatS.toFixed(1)} s (${n(r.zcatLps)}/s) | ${r.cpuUsPerLine.toFixed(2)} µs | ${r.peakRssMB} MB (upload ${r.peakUploadRssMB} MB) | ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)} `
  + `| ${(r.hitRate * 100).toFixed(2)}% (${n(r.lookups)} DNS lookups) | ${n(r.verified)} / ${n(r.unverified)} | ${n(r.stored)} | ${r.phases.fieldsS.toFixed(1)} s |`).join("\n");
const first = all[0];
if (!process.env.BENCH_NO_WRITE) writeResults("logs", `## Crawl logs (\`npm run bench:logs\`)

A generated nginx combined log (${n(first.lines / first.gib)} lines per GiB; 60% browsers, 25% real Googlebot / Bingbot / GPTBot / Applebot from the shipped IP range
files, 5% Googlebot spoofed from 400 other addresses, 6% AhrefsBot (unverifiable), 5% ClaudeBot from Anthropic's published range, ${n(DISTINCT_URLS)} distinct URLs of which
${n(TRACKED)} are tracked, 30 days), gzipped (level 6), uploaded as multipart through the \`POST …/logs\` route handler in a child process (streamed from disk to the
spool file), then processed by the in-process job: gunzip, split, parse, identify, verify (ranges; spoofed addresses by reverse DNS against a local fake resolver),
aggregate and commit per ${n(50_000)}-line chunk to its own PostgreSQL database. **End to end** runs from the first byte uploaded to the import's \`completed\` (every
chunk's aggregates stored); the tracked URLs' crawl fields are recomputed from them right after, in the same job step ("URL fields after": the rewrite of up to
${n(TRACKED)} rows of the heavily indexed \`tracked_urls\`, a cost per crawled URL, not per line). The floor is \`zcat | wc -l\` on the same file in the same run.
CPU per line is the app process's user + system time (upload, job, driver) over the lines; the database's own CPU is not in it. Peak RSS is the app process's
(the loaded app alone, before any upload, is about 190 MB of it). Load average: 1-minute, at the start and the end of each size.

| file | lines | end to end | lines/s | zcat \\| wc -l | CPU per line | peak RSS | load | verification cache hit rate | verified / spoofed hits stored | URL-day rows | URL fields after |
|---|---|---|---|---|---|---|---|---|---|---|---|
${table}

Targets: ≥ 150,000 lines/s end to end: ${met(all.every((r) => r.lps >= 150_000))}; peak RSS < 300 MB and flat in the file size: ${met(all.every((r) => r.peakRssMB < 300))}.
Run on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.

Where the time goes (the app process's CPU profile on a 0.3 GiB slice of the same log, and the pipeline without the database at load 3):
reading and gunzip 0.8 µs a line, parsing 0.7 µs, identifying the agent (cached per agent) 0.4 µs, URL key, verification (cached per
family and address: ${n(first.lookups)} DNS lookups in all) and aggregation 1.3 µs a line (3.3 µs a crawler line); building and sending a chunk's
statements about 1 µs a line; garbage collection about 1.3 µs a line, the heap guard's full collections included. The database's part, about
6,500 URL-day rows and 4,500 untracked URL hits appended per 50,000-line chunk, runs beside the parsing of the next chunk and no longer holds it up
(the job waited ${first.phases.dbWaitS.toFixed(1)} s for it in the ${first.gib} GiB run). So one thread needs 5-7 µs a line: 150,000-190,000 lines/s on a core of its
own, less on a shared machine. Throughput follows what else the two cores run, CPU per line does not: earlier runs the same day (64 MB headroom,
100,000-line chunks) gave 94,061 lines/s (load 7.1 → 3.5) and 135,890 (5.8 → 5.2) at 1 GiB and 134,799 (6.8 → 6.0) at 4 GiB, 5.4-6.2 µs a line.
What would come next is parsing on a worker
thread (node:worker_threads) while the main thread commits; not done: Turbopack bundles \`new Worker(new URL(…))\` for the server, but the
tests (Vitest on the TypeScript sources) and this benchmark (an esbuild bundle) would each need their own way to load the worker.

Memory: the loaded app is about 190 MB of the peak before any upload; streaming the upload to the spool file adds ~40 MB; processing holds
the project's tracked URLs (a compact map, ~9 MB per 100,000), two chunks' aggregates at most (one committing, one being read: ~5 MB each),
bounded caches (agents 20,000, addresses 100,000, listed untracked paths ≤ 50,000) and each commit's garbage until the heap guard collects
(32 MB past the step's start; \`LOG_HEAP_HEADROOM_MB\`, with \`LOG_CHUNK_LINES\` the trade of memory for CPU: 64 MB and 100,000 lines gave ~335 MB and 6.0 µs a line at 1 GiB, 32 MB and 50,000 lines ~290 MB and 7.2 µs). The peak is the same at 1 and 4 GiB: it depends on the chunk size and the project, not on the file.

Before (2026-11-25, load 15-20 on the same machine): 5,739 lines/s and 964 MB peak at 1 GiB; the 4 GiB run was not made.`);
console.log(rows);

// Then the push under load (bench/logs/push-load.ts: 8 concurrent maximum-size pushes while /api/ping is probed); BENCH_SKIP_PUSH=1 leaves it out.
if (!process.env.BENCH_SKIP_PUSH && !process.env.BENCH_RENDER_ONLY) {
  const push = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "bench/logs/push-load.ts")], { cwd: ROOT, stdio: "inherit", env: process.env });
  if (push.status !== 0) throw new Error("bench:logs-push failed");
}
