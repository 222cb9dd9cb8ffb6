// The URL table at 1,000,000 URLs, calling the code in-process against local PostgreSQL (the seeded database of
// bench/urls, made here when missing):
// (1) the URL list with a search (`q`, served by the trigram index) and a sort: list + exact total, 40 requests per
//     case after 3 warm-ups (target p95 < 300 ms; the page's server render is measured in bench/ui-render);
// (2) the CSV export of all 1,000,000 URLs in a process of its own: time, first byte and peak RSS (target < 30 s and
//     < 200 MB).
// Usage: npm run bench:url-table   (BENCH_DATABASE_URL / DATABASE_URL or local PostgreSQL; BENCH_DB_NAME, default
// iw_bench_urls; BENCH_REUSE=1 uses that database as it is).
import { spawnSync } from "node:child_process";
import os from "node:os";
import pg from "pg";
import { benchDatabase, bundleChild, percentiles, ROOT, timeMs, writeResults } from "../lib.mjs";
import { applyMigrations } from "../../lib/db/migrate";
import { BENCH_IDS, BENCH_SIZES, seedInventory } from "./seed";

const DB_NAME = "iw_bench_urls";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const LIST_TARGET_MS = 300;
const EXPORT_TARGET_MS = 30_000;
const EXPORT_TARGET_MB = 200;

const { DATABASE_URL, reuse } = await benchDatabase(DB_NAME);
process.env.DATABASE_URL = DATABASE_URL;
const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
// A reused database gets the migrations added since it was seeded.
await applyMigrations(DATABASE_URL);
if (!reuse) await seedInventory(client);
for (const table of ["tracked_urls", "website_stats"]) await client.query(`VACUUM ANALYZE ${table}`);
const pgVersion = (await client.query("SHOW server_version")).rows[0].server_version;

const { listUrls } = await import("../../lib/urls/list-urls");
const { countUrls } = await import("../../lib/urls/count-urls");
const { listUrlsQuery } = await import("../../lib/urls/schemas");
const { WALK_BATCH } = await import("../../lib/urls/walk-urls");
const ctx = { actor: { type: "system" as const, job: "bench" }, org: { id: BENCH_IDS.org, role: "owner" as const }, request: { ipAddress: null, userAgent: "bench" } };

const stats = (ms: number[]) => percentiles(ms) as { p50: number; p95: number; max: number };
const time = (fn: () => Promise<unknown>): Promise<number> => timeMs(fn);
const fmt = (n: number) => n.toFixed(1);
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(", ");
const loadStart = load();

// The seeded URLs are https://big-shop.example/c{g % 97}/item-{g}: a product (≈110 URLs contain "item-4242"), a section
// (≈10,300 URLs under /c42/), and a text in every URL.
type Case = { label: string; query: Record<string, string>; targeted: boolean };
const CASES: Case[] = [
  { label: "q=item-4242, sort=clicks28d", query: { q: "item-4242", sort: "clicks28d" }, targeted: true },
  { label: "q=item-4242, sort=lastImpressionAt:asc", query: { q: "item-4242", sort: "lastImpressionAt:asc" }, targeted: true },
  { label: "q=ITEM-77, sort=discoveredAt:desc", query: { q: "ITEM-77", sort: "discoveredAt:desc" }, targeted: true },
  { label: "q=/c42/, sort=clicks28d", query: { q: "/c42/", sort: "clicks28d" }, targeted: true },
  { label: "q=/c42/, sort=engineAObservedAt:asc, healthState=healthy", query: { q: "/c42/", sort: "engineAObservedAt:asc", healthState: "healthy" }, targeted: true },
  { label: "q=item (every URL), sort=impressions28d", query: { q: "item", sort: "impressions28d" }, targeted: false },
];
const rows: string[] = [];
const misses: string[] = [];
for (const c of CASES) {
  const query = listUrlsQuery.parse({ ...c.query, limit: "50" });
  let total = 0;
  const run = async () => { const r = await listUrls(ctx, BENCH_IDS.big, query); total = r.meta.total; if (total && !r.data.length) throw new Error(`${c.label}: empty page`); };
  for (let i = 0; i < 3; i++) await run();
  const ms: number[] = [];
  for (let i = 0; i < REQUESTS; i++) ms.push(await time(run));
  const { offset: _o, limit: _l, sort: _s, ...filters } = query;
  const countMs: number[] = [];
  for (let i = 0; i < Math.min(REQUESTS, 15); i++) countMs.push(await time(() => countUrls(BENCH_IDS.big, filters)));
  const s = stats(ms);
  const ok = s.p95 < LIST_TARGET_MS;
  if (c.targeted && !ok) misses.push(c.label);
  rows.push(`| ${c.label}${c.targeted ? "" : " †"} | ${total.toLocaleString("en")} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.max)} | ${fmt(stats(countMs).p95)} | ${c.targeted ? (ok ? "met" : "**missed**") : "—"} |`);
  console.log(rows[rows.length - 1]);
}

// The plan of a search, for the record: the trigram index serves it.
const plan = (await client.query(`EXPLAIN SELECT t.id FROM tracked_urls t WHERE t.project_id = $1 AND t.url ILIKE '%item-4242%'`, [BENCH_IDS.big])).rows
  .map((r) => r["QUERY PLAN"] as string).join("\n");
if (!plan.includes("tracked_urls_url_trgm_idx")) misses.push("the search does not use the trigram index");
await client.end();

// (2) The export, in a child process bundled as the app's build runs it.
const child = await bundleChild("urls", "export-child.ts");
const exportRuns: { ms: number; firstByteMs: number; bytes: number; rows: number; maxHeapMB: number; rssBeforeMB: number; maxRssMB: number }[] = [];
const loadExport = load();
for (let i = 0; i < Number(process.env.BENCH_EXPORT_RUNS ?? 2); i++) {
  const r = spawnSync(process.execPath, [child, BENCH_IDS.org, BENCH_IDS.big, ""], { cwd: ROOT, env: { ...process.env, DATABASE_URL }, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`export child failed: ${r.stderr}`);
  const run = JSON.parse(r.stdout.trim().split("\n").pop()!);
  if (run.rows !== BENCH_SIZES.big) throw new Error(`the export wrote ${run.rows} rows, expected ${BENCH_SIZES.big}`);
  exportRuns.push(run);
  console.log(`export: ${JSON.stringify(run)}`);
}
const worst = exportRuns.reduce((a, b) => (b.ms > a.ms ? b : a));
const maxRss = Math.max(...exportRuns.map((r) => r.maxRssMB));
const exportOk = worst.ms < EXPORT_TARGET_MS && maxRss < EXPORT_TARGET_MB;
if (!exportOk) misses.push("the export");

const md = `## URL table: search, sort and CSV export at 1,000,000 URLs (bench/urls/table.ts)

\`npm run bench:url-table\`: the bench/urls project of ${BENCH_SIZES.big.toLocaleString("en")} URLs (bench/urls/seed.ts; Search Analytics figures on
40 % of them, a Google verdict date on 70 %, a Googlebot visit on 30 %) in local PostgreSQL ${pgVersion}, in-process calls. The machine is shared
(2 cores): load average (1, 5, 15 min) ${loadStart} at the start, ${loadExport} before the export, ${load()} at the end.

### URL list with \`q\` and a sort (target p95 < ${LIST_TARGET_MS} ms), ${REQUESTS} requests per case after 3 warm-ups, limit 50

\`q\` is served by the trigram index (\`tracked_urls_url_trgm_idx\`, GIN, pg_trgm): a search's first 20,001 matches are read once,
counted and sorted for the page; past 20,000 the page is read in the list's order from the sort's index and the exact total
is a count over every match, most of the time of a broad search (lib/urls/list-urls.ts).

| search and order | total | p50 ms | p95 ms | max ms | total alone p95 | target |
|---|---|---|---|---|---|---|
${rows.join("\n")}

† not a targeted case: a text in every URL is counted over the whole million (the page itself comes from the sort's index at once).

### CSV export of all ${BENCH_SIZES.big.toLocaleString("en")} URLs (targets < 30 s and < 200 MB), ${exportRuns.length} runs, each in a process of its own

| run | time | first byte | rows | size | peak RSS (after loading the code) | peak heap | target |
|---|---|---|---|---|---|---|---|
${exportRuns.map((r, i) => `| ${i + 1} | ${(r.ms / 1000).toFixed(1)} s | ${fmt(r.firstByteMs)} ms | ${r.rows.toLocaleString("en")} | ${(r.bytes / 1048576).toFixed(0)} MiB | ${r.maxRssMB.toFixed(0)} MB (${r.rssBeforeMB.toFixed(0)} MB) | ${r.maxHeapMB.toFixed(0)} MB | ${r.ms < EXPORT_TARGET_MS && r.maxRssMB < EXPORT_TARGET_MB ? "met" : "**missed**"} |`).join("\n")}

Batches of ${WALK_BATCH.toLocaleString("en")} rows by keyset (lib/urls/walk-urls.ts), read as arrays of the exported columns, each read only when
the reader has taken the previous chunk: the memory is one batch's, whatever the number of rows.
${misses.length ? `Missed: ${misses.join("; ")}.` : "Every targeted case met its target."} Run on ${new Date().toISOString().slice(0, 10)}.`;

writeResults("url-table", md);
console.log(md);
const { db } = await import("../../lib/db");
await db.$disconnect();
process.exit(0);
