// URL import benchmarks, calling the verbs against local PostgreSQL:
// (1) preview of a 50,000-row, ~5 MiB CSV (target < 1.5 s; peak RSS of the previewing process < 300 MB,
//     measured in a child process that does nothing else);
// (2) commit of its 50,000 net-new rows through the commit verb and the commit-url-import function
//     run by the in-process queue, 50 chunks of 1,000 (target < 5 s).
// Usage: npm run bench:imports   (BENCH_DATABASE_URL / DATABASE_URL or local PostgreSQL)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bundleChild, freshDatabase, ROOT, writeResults } from "../lib.mjs";
import { applyMigrations } from "../../lib/db/migrate";

const ROWS = 50_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DOMAIN = "shop-bench.example";

const loadAtStart = os.loadavg()[0];
const DATABASE_URL = await freshDatabase("iw_bench_imports");
process.env.DATABASE_URL = DATABASE_URL;
await applyMigrations(DATABASE_URL);
const { db } = await import("../../lib/db");
const { ensureUser } = await import("../../lib/users/ensure-user");
const { commitImport } = await import("../../lib/imports/commit-import");
const { whenInProcessIdle } = await import("../../lib/jobs/in-process-queue");

const { userId, organizationId } = await ensureUser("bench-imports@example.test");
const project = await db.project.create({
  data: { organizationId, createdByUserId: userId, name: DOMAIN, domain: DOMAIN, liveDomain: DOMAIN, sitemapUrl: `https://${DOMAIN}/sitemap.xml` },
});

// A realistic export: URL, title and status columns, all on-host and unique, padded (in the query
// string) to just under 5 MiB.
const row = (i: number, pad: string) =>
  `https://${DOMAIN}/c${i % 50}/p-${i}?src=feed${pad},"Item ${i}, M",200`;
const build = (pad: string) => ["url,title,status", ...Array.from({ length: ROWS }, (_, i) => row(i, pad))].join("\r\n") + "\r\n";
const unpadded = Buffer.byteLength(build(""));
const csv = build("&v=".padEnd(Math.floor((5 * 1024 * 1024 - 1_024 - unpadded) / ROWS), "x"));
const file = path.join(os.tmpdir(), `iw-bench-imports-${process.pid}.csv`);
fs.writeFileSync(file, csv);
const bytes = Buffer.byteLength(csv);

// Bundled and run by plain node, as the app's build runs it (see bundleChild).
const previewChild = await bundleChild("imports", "preview-child.ts");
type PreviewRun = { ms: number; importId: string; totalRows: number; netNewRows: number; rssBeforeMB: number; maxRssMB: number };
const runs: PreviewRun[] = [];
for (let i = 0; i < RUNS; i++) {
  const child = spawnSync(process.execPath, [previewChild, file, organizationId, project.id, DOMAIN], {
    cwd: ROOT, env: { ...process.env, DATABASE_URL }, encoding: "utf8",
  });
  if (child.status !== 0) throw new Error(`preview child failed: ${child.stderr}`);
  const run = JSON.parse(child.stdout.trim().split("\n").pop()!) as PreviewRun;
  if (run.totalRows !== ROWS || run.netNewRows !== ROWS) throw new Error(`unexpected preview totals ${JSON.stringify(run)}`);
  runs.push(run);
}
fs.rmSync(file, { force: true });
const times = runs.map((r) => r.ms).sort((a, b) => a - b);
const previewMedian = times[Math.floor(times.length / 2)];
const previewMax = times[times.length - 1];
const maxRssMB = Math.max(...runs.map((r) => r.maxRssMB));
const rssBeforeMB = Math.max(...runs.map((r) => r.rssBeforeMB));

// Commit the last preview: the commit verb, then the background function until the queue is idle.
const importId = runs[runs.length - 1].importId;
const ctx = { actor: { type: "user" as const, userId, email: "bench-imports@example.test", sessionId: "bench" }, org: { id: organizationId, role: "owner" as const }, request: { ipAddress: null, userAgent: "bench" } };
const t0 = performance.now();
await commitImport({ ctx, projectId: project.id, importId });
await whenInProcessIdle();
const commitMs = performance.now() - t0;
const done = await db.urlImport.findUniqueOrThrow({ where: { id: importId } });
const tracked = await db.trackedUrl.count({ where: { projectId: project.id } });
const stats = await db.websiteStats.findUnique({ where: { projectId: project.id } });
if (done.status !== "completed" || done.insertedRows !== ROWS || tracked !== ROWS || stats?.totalUrls !== ROWS) {
  throw new Error(`commit incomplete: ${JSON.stringify({ status: done.status, inserted: done.insertedRows, tracked, total: stats?.totalUrls })}`);
}
await db.$disconnect();

const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;
const met = (ok: boolean) => (ok ? "met" : "NOT met");
const previewOk = previewMax < 1_500, rssOk = maxRssMB < 300, commitOk = commitMs < 5_000;
const md = `## URL imports (bench/imports)

A ${ROWS.toLocaleString("en-US")}-row CSV of ${(bytes / 1024 / 1024).toFixed(2)} MiB (${bytes.toLocaleString("en-US")} bytes; URL, quoted title with a comma, status;
CRLF; header) on a fresh project, verbs called in-process against local PostgreSQL.

| step | result | target | |
|---|---|---|---|
| preview (read body, parse, normalize, look up, store 50,000 rows); ${RUNS} runs, each in a fresh process after a 2,000-row warm-up | median ${ms(previewMedian)}, max ${ms(previewMax)} | < 1.5 s | ${met(previewOk)} |
| peak RSS of the previewing process | ${maxRssMB.toFixed(0)} MB (${rssBeforeMB.toFixed(0)} MB after loading the modules) | < 300 MB | ${met(rssOk)} |
| commit of 50,000 net-new rows (commit verb + commit-url-import, 50 chunks of 1,000) | ${ms(commitMs)} | < 5 s | ${met(commitOk)} |

After the commit: ${done.insertedRows.toLocaleString("en-US")} rows inserted, ${tracked.toLocaleString("en-US")} tracked URLs, WebsiteStats.totalUrls ${stats.totalUrls.toLocaleString("en-US")}.
Run on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}; load average ${loadAtStart.toFixed(1)} at the start,
${os.loadavg()[0].toFixed(1)} at the end (1-minute averages; other work on the machine inflates the times).`;
writeResults("imports", md);
console.log(md);
if (!previewOk || !rssOk || !commitOk) process.exitCode = 1;
