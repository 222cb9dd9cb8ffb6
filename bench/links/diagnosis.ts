// The diagnosis (issue 37 §3) at 1,000,000 URLs: one project seeded with the URL benchmarks' state mix (bench/urls/seed.ts:
// 45 % not indexed by Google), link facts (8 % orphans, depth 0-12, 1 % nofollow-only), sitemaps (80 % listed) and a
// field snapshot per healthy page (1 % in content duplicate groups, 1 % near copies by their SimHash, 6 % under 100
// words, a few soft-404 titles).
// Measures: the first diagnosis (target under 30 s), a second one with nothing changed, and the URL list filtered by
// cause (first pages and deep pages of the five commonest causes, and one engine's cause; target p95 under 100 ms).
// Usage: npm run bench:diagnosis   (BENCH_URLS=n for a trial; BENCH_DATABASE_URL / DATABASE_URL)
import os from "node:os";
import pg from "pg";
import { backendCpuSeconds, cli, freshDatabase, parallelWorkerCpu, percentiles, withoutIndexes, writeResults } from "../lib.mjs";
import { seedUrls } from "../urls/seed";

const N = Number(process.env.BENCH_URLS ?? 1_000_000);
const DOMAIN = "bench-diagnosis.example";
const PROJECT = "0a0a0a0a-0000-4000-8000-000000003701";

const DB_NAME = process.env.BENCH_DB_NAME ?? "iw_bench_diagnosis";
// BENCH_TEMPLATE=name: seed that database once (kept), then run each measurement on a copy of it (CREATE DATABASE …
// TEMPLATE), so A/B runs start from the very same never-diagnosed project without seeding again.
const TEMPLATE = process.env.BENCH_TEMPLATE;
const seeded = TEMPLATE ? await templateSeeded(TEMPLATE) : false;
const DATABASE_URL = await freshDatabase(DB_NAME, seeded ? TEMPLATE : undefined);
process.env.DATABASE_URL = DATABASE_URL;
const { organizationId } = seeded ? { organizationId: await organizationOf(DATABASE_URL) } : cli({ DATABASE_URL }, "user:create", "--email", "bench-diagnosis@example.test");
const seeder = new pg.Client({ connectionString: DATABASE_URL });
await seeder.connect();
const seedT0 = performance.now();
if (!seeded) await seed();
const seedS = (performance.now() - seedT0) / 1000;
if (TEMPLATE && !seeded) {
  await seeder.end();
  await freshDatabase(TEMPLATE, DB_NAME);
  console.log(`seeded ${TEMPLATE} in ${seedS.toFixed(0)} s; run again to measure on a copy of it`);
  process.exit(0);
}

/** Whether the template database exists (seeded by an earlier run). */
async function templateSeeded(name: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL });
  await admin.connect();
  const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  await admin.end();
  return rowCount === 1;
}

async function organizationOf(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ id: string }>("SELECT organization_id::text AS id FROM projects WHERE id = $1", [PROJECT]);
  await c.end();
  return rows[0].id;
}

async function seed() {
  await seeder.query(`INSERT INTO projects (id, organization_id, name, domain, live_domain, sitemap_url, updated_at) VALUES ($1, $2, $3, $3, $3, 'https://' || $3 || '/sitemap.xml', now())`, [PROJECT, organizationId, DOMAIN]);
  // Set-wise, the tables' secondary indexes built once after their rows (withoutIndexes).
  await withoutIndexes(seeder, ["tracked_urls", "url_facts", "url_field_snapshots"], async () => {
    await seedUrls(seeder, { organizationId, projectId: PROJECT, domain: DOMAIN, count: N }, {
      // The sitemaps and Google's last crawl, written with the inventory (one INSERT).
      columns: "sitemap_id, engine_a_last_crawl_at",
      values: `CASE WHEN s < 0.8 THEN '0a0a0a0a-0000-4000-8000-0000000037ff'::uuid END,
        CASE WHEN a < 0.85 THEN timestamptz '2026-11-25T00:00:00Z' - floor(l * 200) * interval '1 day' END`,
    });
    // The link graph's facts (url_facts): 8 % orphans, depth 0-12, 1 % nofollow-only. In tracked_url_id order, the
    // order in which the link graph writes them (lib/links/compute-graph.ts), so the rows lie as they would.
    await seeder.query(`INSERT INTO url_facts (tracked_url_id, project_id, discovered_at, inlinks, orphan, inlinks_nofollow_only, click_depth)
      SELECT id, project_id, discovered_at, CASE WHEN l < 0.08 THEN 0 ELSE 1 + floor(c * 40)::int END, l < 0.08, l BETWEEN 0.08 AND 0.09,
        CASE WHEN l < 0.08 THEN NULL ELSE floor(c * 13)::int END
      FROM (SELECT id, project_id, discovered_at, random() AS l, random() AS c FROM tracked_urls WHERE project_id = $1) t ORDER BY id`, [PROJECT]);
    await seeder.query(`INSERT INTO url_field_snapshots (tracked_url_id, project_id, fields, observed_at)
      SELECT id, project_id, jsonb_build_object(
          'title', CASE WHEN r < 0.003 THEN 'Page not found' ELSE 'Item ' || url END, 'h1', 'Item', 'meta_description', 'About ' || url,
          'main_text_hash', CASE WHEN r < 0.01 THEN 'dup' || floor(r * 100000)::int ELSE substr(md5(url), 1, 16) END,
          'word_count', (CASE WHEN r < 0.06 THEN 20 + floor(r * 1000) ELSE 150 + floor(random() * 1500) END)::int::text,
          -- The SimHash: the exact copies share their group's; 1 % of pages are near copies (1,000 groups of about 10,
          -- each page its group's hash with one bit flipped); the others random.
          'simhash', CASE WHEN r < 0.01 THEN substr(md5('dup' || floor(r * 100000)::int), 1, 16)
            WHEN r < 0.02 THEN lpad(to_hex(('x' || substr(md5('near' || floor(r * 100000)::int), 1, 16))::bit(64)::bigint # (1::bigint << floor(random() * 64)::int)), 16, '0')
            ELSE substr(md5(url || '#'), 1, 16) END), now()
      FROM (SELECT id, project_id, url, random() AS r FROM tracked_urls WHERE project_id = $1 AND health_state = 'healthy') t`, [PROJECT]);
  });
  await seeder.query("VACUUM ANALYZE tracked_urls");
  await seeder.query("VACUUM ANALYZE url_field_snapshots");
  await seeder.query("VACUUM ANALYZE url_facts");
}

const { systemCtx } = await import("../../lib/core/context");
const { computeDiagnosis } = await import("../../lib/diagnosis/compute-diagnosis");
const { refreshNearDuplicates } = await import("../../lib/diagnosis/near-duplicates");
const { withTransaction } = await import("../../lib/db");
const { listUrlsJson } = await import("../../lib/urls/list-urls");
const { listUrlsQuery } = await import("../../lib/urls/schemas");
const ctx = systemCtx("bench", organizationId);

/**
 * Wall seconds, this process's CPU seconds and the database's CPU seconds of `fn`: its backends' and the parallel
 * workers' they start (`workers`, part of `db`).
 */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; wall: number; cpu: number; db: number; workers: number }> {
  const meter = parallelWorkerCpu(DB_NAME);
  const [w0, c0, d0] = [performance.now(), process.cpuUsage(), backendCpuSeconds(DB_NAME)];
  const value = await fn();
  const c = process.cpuUsage(c0);
  const workers = meter.stop();
  return { value, wall: (performance.now() - w0) / 1000, cpu: (c.user + c.system) / 1e6, db: backendCpuSeconds(DB_NAME) - d0 + workers, workers };
}
const cpuOf = (m: { cpu: number; db: number; workers: number }) =>
  `CPU ${m.cpu.toFixed(1)} s Node + ${m.db.toFixed(1)} s PostgreSQL (${m.workers.toFixed(1)} s of it in parallel workers)`;

const loadStart = os.loadavg()[0];
const firstRun = await measured(() => computeDiagnosis(ctx, PROJECT));
const first = firstRun.value;
// As autovacuum would after a first write of this size: url_causes' visibility map lets the list walk its indexes alone.
await seeder.query("VACUUM ANALYZE url_facts, url_causes");
const secondRun = await measured(() => computeDiagnosis(ctx, PROJECT));
const second = secondRun.value;
// The near-duplicate step alone (read the hashes, compare, write the groups), in its own transaction.
const nearRun = await measured(() => withTransaction(ctx, (ctx) => refreshNearDuplicates(ctx, PROJECT, new Date()), { timeout: 600_000 }));
const counts = (await seeder.query<{ cause: string; n: number }>(
  `SELECT engine_a_cause::text AS cause, count(*)::int AS n FROM url_causes WHERE project_id = $1 AND engine_a_cause IS NOT NULL GROUP BY 1 ORDER BY 2 DESC`, [PROJECT])).rows;
const notIndexed = counts.reduce((n, c) => n + c.n, 0);

// The URL list filtered by cause: the five commonest causes, first page and pages deep into the list, and Google's cause alone.
const samples: number[] = [];
const queries: Record<string, string>[] = [];
for (const { cause, n } of counts.slice(0, 5)) {
  for (const offset of [0, 50, 500, Math.max(0, Math.floor(n / 2)), 5_000]) queries.push({ cause, offset: String(Math.min(offset, Math.max(0, n - 1))) });
  queries.push({ cause, causeEngine: "engineA" });
  queries.push({ cause, causeEngine: "engineB" });
}
for (const q of queries.slice(0, 5)) await listUrlsJson(ctx, PROJECT, listUrlsQuery.parse(q)); // warm the connections
for (let round = 0; round < 4; round++) {
  for (const q of queries) {
    const t0 = performance.now();
    await listUrlsJson(ctx, PROJECT, listUrlsQuery.parse({ ...q, limit: "50" }));
    samples.push(performance.now() - t0);
  }
}
const list = percentiles(samples);
const loadEnd = os.loadavg()[0];
const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const out = `
## Diagnosis, 1,000,000 URLs

\`npm run bench:diagnosis\` (bench/links/diagnosis.ts). ${N.toLocaleString("en-US")} URLs of one project with the URL benchmarks' state mix,
link facts, sitemaps and a field snapshot per healthy page (seeded in ${seedS.toFixed(0)} s). Measured under load (other work on the
2 cores: load average ${loadStart.toFixed(1)} at the start, ${loadEnd.toFixed(1)} at the end).

| step | result | target |
|---|---|---|
| first diagnosis (duplicate groups, both engines' causes for every URL, the two content issues) | **${fmt(first.ms)}**, ${first.changed.toLocaleString("en-US")} URLs written; ${cpuOf(firstRun)} | under 30 s |
| second diagnosis, nothing changed (no row written) | ${fmt(second.ms)}, ${second.changed} written; ${cpuOf(secondRun)} | |
| near-duplicates within the first diagnosis (${nearRun.value.hashed.toLocaleString("en-US")} SimHashes: read, compared in four bands, ${first.groups.near_content.toLocaleString("en-US")} groups written) | ${fmt(first.nearMs)}; alone: ${nearRun.wall.toFixed(1)} s, ${cpuOf(nearRun)} | at most 2-3 s |
| URL list filtered by cause (${samples.length} pages of 50: first and deep pages of the five commonest causes, per engine) | p50 ${list.p50.toFixed(1)} ms, **p95 ${list.p95.toFixed(1)} ms**, max ${list.max.toFixed(1)} ms | p95 under 100 ms |

Google does not index ${notIndexed.toLocaleString("en-US")} URLs; their causes: ${counts.map((c) => `${c.cause} ${c.n.toLocaleString("en-US")}`).join(", ")}.
Duplicate groups: ${first.groups.content} of content, ${first.groups.title} of titles, ${first.groups.description} of descriptions,
${first.groups.near_content} of near-duplicate content (${nearRun.value.pages.toLocaleString("en-US")} pages);
duplicate_content covers ${first.duplicateContentUrls.toLocaleString("en-US")} URLs, soft_404_suspect ${first.soft404Urls.toLocaleString("en-US")}.
`;
console.log(out);
writeResults("diagnosis", out);
await seeder.end();
process.exit(0);
