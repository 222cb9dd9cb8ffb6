// URL inventory benchmarks, calling the verbs in-process against local PostgreSQL:
// (1) manual admission of 1,000 URLs into a project holding 100,000 (target < 300 ms);
// (2) URL list + exact total with each filter on a project of 1,000,000 URLs, first page and offset
//     10,000 (target p95 < 100 ms over ≥ 30 requests per case).
// Usage: npm run bench:urls   (BENCH_DATABASE_URL / DATABASE_URL or local PostgreSQL; BENCH_REUSE=1 keeps the
// seeded database of the previous run). Indexes are the migrations' own.
import os from "node:os";
import pg from "pg";
import { benchDatabase, percentiles, timeMs, writeResults } from "../lib.mjs";
import { applyMigrations } from "../../lib/db/migrate";
import { BENCH_DOMAINS, BENCH_IDS, BENCH_SIZES, seedInventory } from "./seed";

const DB_NAME = "iw_bench_urls";
const BIG = BENCH_SIZES.big;
const MEDIUM = BENCH_SIZES.medium;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const ADMISSION_RUNS = Number(process.env.BENCH_ADMISSION_RUNS ?? 15);

const { DATABASE_URL, reuse } = await benchDatabase(DB_NAME);
process.env.DATABASE_URL = DATABASE_URL;
const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();

const step = (label: string) => { const t0 = Date.now(); return () => console.log(`${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`); };

const IDS = BENCH_IDS;
const DOMAINS = BENCH_DOMAINS;

if (!reuse) {
  let done = step("migrations");
  await applyMigrations(DATABASE_URL);
  done();
  done = step(`seed ${BIG.toLocaleString("en")} + ${MEDIUM.toLocaleString("en")} URLs and issue memberships`);
  await seedInventory(client);
  done();
}
{
  const done = step("VACUUM ANALYZE");
  for (const table of ["tracked_urls", "issues", "issue_url_memberships", "open_issue_urls", "website_stats"]) await client.query(`VACUUM ANALYZE ${table}`);
  done();
}

const { admitUrls } = await import("../../lib/urls/admit-urls");
const { listUrls, pageOfUrls } = await import("../../lib/urls/list-urls");
const { countUrls } = await import("../../lib/urls/count-urls");
const { listUrlsQuery } = await import("../../lib/urls/schemas");
const ctx = { actor: { type: "system" as const, job: "bench" }, org: { id: IDS.org, role: "owner" as const }, request: { ipAddress: null, userAgent: "bench" } };

const stats = (ms: number[]) => percentiles(ms) as { p50: number; p95: number; max: number };
const time = (fn: () => Promise<unknown>): Promise<number> => timeMs(fn);
const fmt = (n: number) => n.toFixed(1);

const loadBefore = os.loadavg()[0];
const mediumSize = Number((await client.query(`SELECT total_urls FROM website_stats WHERE project_id = $1`, [IDS.medium])).rows[0].total_urls);

// (1) Admission: each run sends 1,000 new URLs, then the same 1,000 again (all already tracked).
const admission: number[] = [];
const tracked: number[] = [];
const batch = (run: number) => Array.from({ length: 1000 }, (_, i) => `https://${DOMAINS.medium}/manual/run-${Date.now()}-${run}/page-${i}?ref=${i % 7}`);
await admitUrls({ ctx, projectId: IDS.medium, urls: batch(-1) }); // warm-up
for (let run = 0; run < ADMISSION_RUNS; run++) {
  const urls = batch(run);
  let inserted = 0;
  admission.push(await time(async () => { inserted = (await admitUrls({ ctx, projectId: IDS.medium, urls })).inserted; }));
  if (inserted !== 1000) throw new Error(`admission inserted ${inserted}, expected 1000`);
  tracked.push(await time(() => admitUrls({ ctx, projectId: IDS.medium, urls })));
}

// (2) Listing.
type Case = { label: string; query: Record<string, string>; targeted: boolean };
const CASES: Case[] = [
  { label: "no filter", query: {}, targeted: true },
  { label: "healthState=healthy", query: { healthState: "healthy" }, targeted: true },
  { label: "indexability=indexable", query: { indexability: "indexable" }, targeted: true },
  { label: "engineAState=indexed", query: { engineAState: "indexed" }, targeted: true },
  { label: "engineBState=indexed", query: { engineBState: "indexed" }, targeted: true },
  { label: "source=sitemap", query: { source: "sitemap" }, targeted: true },
  { label: "hasIssues=true", query: { hasIssues: "true" }, targeted: true },
  { label: "hasIssues=false", query: { hasIssues: "false" }, targeted: true },
  { label: "isStale=true", query: { isStale: "true" }, targeted: true },
  { label: "isStale=false", query: { isStale: "false" }, targeted: true },
  { label: "disagreement=indexable_not_in_engine", query: { disagreement: "indexable_not_in_engine" }, targeted: true },
  { label: "disagreement=nonindexable_but_indexed", query: { disagreement: "nonindexable_but_indexed" }, targeted: true },
  { label: "disagreement=any", query: { disagreement: "any" }, targeted: true },
  { label: "healthState=client_error (less common)", query: { healthState: "client_error" }, targeted: false },
  { label: "engineAState=crawled_not_indexed (less common)", query: { engineAState: "crawled_not_indexed" }, targeted: false },
  { label: "indexability=indexable & engineBState=not_indexed", query: { indexability: "indexable", engineBState: "not_indexed" }, targeted: false },
  { label: "source=sitemap & isStale=true", query: { source: "sitemap", isStale: "true" }, targeted: false },
];

const rows: string[] = [];
const misses: string[] = [];
for (const c of CASES) {
  for (const offset of [0, 10_000]) {
    const query = listUrlsQuery.parse({ ...c.query, offset: String(offset), limit: "20" });
    let total = 0;
    const run = async () => { const r = await listUrls(ctx, IDS.big, query); total = r.meta.total; if (offset < total && !r.data.length) throw new Error(`${c.label}: empty page`); };
    for (let i = 0; i < 3; i++) await run(); // warm-up
    const ms: number[] = [];
    for (let i = 0; i < REQUESTS; i++) ms.push(await time(run));
    const s = stats(ms);
    const ok = s.p95 < 100;
    // Where the time goes: the exact total and the page, each measured alone.
    const { offset: _o, limit: _l, ...filters } = query;
    const countMs: number[] = [];
    const pageMs: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      countMs.push(await time(() => countUrls(IDS.big, filters)));
      pageMs.push(await time(() => pageOfUrls(IDS.big, filters, offset, 20)));
    }
    if (c.targeted && !ok) misses.push(`${c.label} @ ${offset}`);
    rows.push(`| ${c.label}${c.targeted ? "" : " †"} | ${offset.toLocaleString("en")} | ${total.toLocaleString("en")} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.max)} | ${fmt(stats(countMs).p95)} | ${fmt(stats(pageMs).p95)} | ${c.targeted ? (ok ? "met" : "**missed**") : "—"} |`);
    console.log(rows[rows.length - 1]);
  }
}

const a = stats(admission);
const r = stats(tracked);
const median = (ms: number[]) => stats(ms).p50;
const load = `${loadBefore.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end (1-minute averages, 2 cores)`;
const md = `## URL inventory (bench/urls)

In-process calls of the verbs (\`admitUrls\`, \`listUrls\`: project lookup, exact total, page, response parsing) against local
PostgreSQL ${(await client.query("SHOW server_version")).rows[0].server_version} with its default configuration (shared_buffers ${(await client.query("SHOW shared_buffers")).rows[0].shared_buffers}).
Data generated with \`generate_series\`: a project of ${BIG.toLocaleString("en")} URLs (sitemap 85 % / import 10 % / manual 5 %; healthy 78 %,
redirected 8 %, client_error 5 %, …; indexable 70 %; engine A indexed 55 %; engine B indexed 50 %; stale 3 %; open issue
memberships on ~20 % of URLs, plus ignored and resolved groups), another of ${MEDIUM.toLocaleString("en")}, then VACUUM ANALYZE.
Indexes: the migrations' own; single-filter totals read \`url_facet_counts\`. Load average during the run: ${load}.

### Manual admission of 1,000 URLs into a project of ${mediumSize.toLocaleString("en")} (target < 300 ms), ${ADMISSION_RUNS} runs after a warm-up

| batch | median ms | p95 ms | max ms | target |
|---|---|---|---|---|
| 1,000 new URLs | ${fmt(median(admission))} | ${fmt(a.p95)} | ${fmt(a.max)} | ${a.max < 300 ? "met" : median(admission) < 300 ? "median met, max **missed**" : "**missed**"} |
| the same 1,000 again (all already tracked) | ${fmt(median(tracked))} | ${fmt(r.p95)} | ${fmt(r.max)} | ${r.max < 300 ? "met" : "**missed**"} |

### URL list + total on the ${BIG.toLocaleString("en")}-URL project (target p95 < 100 ms), ${REQUESTS} requests per case after 3 warm-ups, limit 20

| filter | offset | total | p50 ms | p95 ms | max ms | total alone p95 | page alone p95 | target |
|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}

† not a targeted case, shown for reference.
${misses.length ? `Missed: ${misses.join(", ")}.` : "Every targeted case met the target."}
Run on ${new Date().toISOString().slice(0, 10)}.`;

writeResults("urls", md);
console.log(md);
await client.end();
const { db } = await import("../../lib/db");
await db.$disconnect();
process.exit(0);
