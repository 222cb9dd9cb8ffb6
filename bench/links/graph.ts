// Link graph benchmark: the metrics job (lib/links/compute-graph.ts: inlinks, nofollow-only, samples, click depth,
// orphans, broken links and their issues) on one project of 1,000,000 tracked URLs with 50 internal links each
// (50,000,000 edges), every URL audited (a complete cycle). Targets: under 60 s and under 500 MB peak RSS; the
// storage per page is measured (page_links row, its TOAST, and the link_nodes row). The edges are seeded in SQL
// (int4send, the stored format); the job streams them into typed arrays, computes in memory and writes set-wise.
// Usage: npm run bench:links-graph (BENCH_PAGES=n for a trial, BENCH_REUSE=1 keeps the seeded database).
import os from "node:os";
import pg from "pg";
import { spawnSync } from "node:child_process";
import { bundleChild, benchDatabase, withoutIndexes, writeResults } from "../lib.mjs";
import type { LinkGraphReport } from "../../lib/links/compute-graph";
import { applyMigrations } from "../../lib/db/migrate";

const PAGES = Number(process.env.BENCH_PAGES ?? 1_000_000);
const LINKS = 50;
const ORG = "00000000-0000-4000-8000-00000000aa01";
const PROJECT = "00000000-0000-4000-8000-00000000aa02";
const DOMAIN = "links-bench.example";

const { DATABASE_URL, reuse } = await benchDatabase("iw_bench_links");
process.env.DATABASE_URL = DATABASE_URL;
const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
const step = (label: string) => { const t0 = Date.now(); return () => console.error(`${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`); };

if (!reuse) {
  let done = step("migrations");
  await applyMigrations(DATABASE_URL);
  done();
  done = step(`seed ${PAGES.toLocaleString("en")} pages × ${LINKS} links`);
  await client.query(`INSERT INTO organizations (id, name, slug, updated_at) VALUES ($1, 'bench', 'bench-links', now())`, [ORG]);
  await client.query(`INSERT INTO projects (id, organization_id, name, domain, live_domain, sitemap_url, updated_at)
    VALUES ($1, $2, $3, $3, $3, 'https://' || $3 || '/sitemap.xml', now())`, [PROJECT, ORG, DOMAIN]);
  // The tables' secondary indexes are built once after the rows (withoutIndexes): the seed's cost is the rows'.
  await withoutIndexes(client, ["tracked_urls", "link_nodes", "page_links", "page_link_anchors"], async () => {
  // Page i is /p/i (the home page is /); every 1,000th answers 404; links go to pseudo-random pages (some pages get none).
  await client.query(`INSERT INTO tracked_urls (id, organization_id, project_id, url, source, updated_at, last_audit_at, http_status, health_state)
    SELECT gen_random_uuid(), $1, $2, CASE WHEN i = 1 THEN 'https://${DOMAIN}/' ELSE 'https://${DOMAIN}/p/' || i END, 'sitemap', now(),
           now() - interval '1 hour', CASE WHEN i % 1000 = 0 THEN 404 ELSE 200 END, 'healthy'
    FROM generate_series(1, $3::int) i`, [ORG, PROJECT, PAGES]);
  await client.query(`INSERT INTO link_nodes (project_id, node_id, organization_id, url, tracked_url_id)
    SELECT project_id, CASE WHEN url = 'https://${DOMAIN}/' THEN 1 ELSE substring(url from '/p/(\\d+)$')::int END, organization_id, url, id
    FROM tracked_urls WHERE project_id = $1`, [PROJECT]);
  for (let from = 1; from <= PAGES; from += 100_000) {
    await client.query(`INSERT INTO page_links (project_id, node_id, kind, organization_id, tracked_url_id, targets, nofollow, links_seen, extracted_at)
      SELECT n.project_id, n.node_id, 0, n.organization_id, n.tracked_url_id,
        (SELECT string_agg(int4send((((n.node_id::bigint * 7919 + k * 104729 + k * k * 31) % $2) + 1)::int), ''::bytea ORDER BY k)
           FROM generate_series(1, ${LINKS}) k),
        CASE WHEN n.node_id % 10 = 0 THEN '\\x01'::bytea ELSE ''::bytea END,
        ${LINKS}, now() - interval '1 hour'
      FROM link_nodes n WHERE n.project_id = $1 AND n.node_id BETWEEN $3 AND $4`, [PROJECT, PAGES, from, Math.min(PAGES, from + 99_999)]);
    await client.query(`INSERT INTO page_link_anchors (project_id, node_id, kind, anchors)
      SELECT n.project_id, n.node_id, 0,
        (SELECT array_agg('Page ' || (((n.node_id::bigint * 7919 + k * 104729 + k * k * 31) % $2) + 1) ORDER BY k) FROM generate_series(1, ${LINKS}) k)
      FROM link_nodes n WHERE n.project_id = $1 AND n.node_id BETWEEN $3 AND $4`, [PROJECT, PAGES, from, Math.min(PAGES, from + 99_999)]);
    console.error(`  page_links ${Math.min(PAGES, from + 99_999).toLocaleString("en")}`);
  }
  });
  done();
}
{
  const done = step("VACUUM ANALYZE");
  for (const t of ["tracked_urls", "link_nodes", "page_links"]) await client.query(`VACUUM ANALYZE ${t}`);
  done();
}
// BENCH_SEED_ONLY=1: seed (and analyze) the database, then stop (a later BENCH_REUSE=1 run measures).
if (process.env.BENCH_SEED_ONLY === "1") {
  await client.end();
  process.exit(0);
}
// Every run starts from a graph never computed: the full write of every URL's metrics is measured.
await client.query(`DELETE FROM link_graph_state WHERE project_id = $1`, [PROJECT]);
await client.query(`DELETE FROM url_facts WHERE project_id = $1`, [PROJECT]);
await client.query(`UPDATE link_nodes SET inlink_pages = 0, sample_sources = ''::bytea WHERE project_id = $1 AND (inlink_pages <> 0 OR sample_sources <> ''::bytea)`, [PROJECT]);
await client.query(`VACUUM ANALYZE url_facts, link_nodes`);

// The job runs in a child process of its own (bundled, plain node): its RSS is the job's, not tsx's.
const child = await bundleChild("links", "graph-child.ts");
const dbName = new URL(DATABASE_URL).pathname.slice(1);
const loadBefore = os.loadavg()[0];
const run = spawnSync(process.execPath, [child, ORG, PROJECT, dbName], { env: { ...process.env, DATABASE_URL }, encoding: "utf8", maxBuffer: 1 << 24 });
if (run.status !== 0) throw new Error(`graph child failed: ${run.stderr}`);
const loadAfter = os.loadavg()[0];
type Measured = { value: LinkGraphReport; wall: number; cpu: number; db: number };
const { first, second, rssMB: maxRssMB, peak } = JSON.parse(run.stdout.trim().split("\n").pop()!) as
  { first: Measured; second: Measured; rssMB: number; peak: { atMs: number; heapMB: number; externalMB: number } };
const report = first.value;
const seconds = first.wall;
const again = second.wall;

const size = async (sql: string) => Number((await client.query(sql, sql.includes("$1") ? [PROJECT] : [])).rows[0].b);
const linksBytes = await size(`SELECT pg_total_relation_size('page_links') AS b`);
const anchorsBytes = await size(`SELECT pg_total_relation_size('page_link_anchors') AS b`);
const nodesBytes = await size(`SELECT pg_total_relation_size('link_nodes') AS b`);
const factsBytes = await size(`SELECT pg_total_relation_size('url_facts') AS b`);
const rowBytes = await size(`SELECT avg(pg_column_size(l.*)) AS b FROM (SELECT * FROM page_links WHERE project_id = $1 LIMIT 10000) l`);
const targetBytes = await size(`SELECT avg(length(targets)) AS b FROM (SELECT targets FROM page_links WHERE project_id = $1 LIMIT 10000) l`);
const orphans = Number((await client.query(`SELECT count(*) AS n FROM url_facts WHERE project_id = $1 AND orphan`, [PROJECT])).rows[0].n);
const depthMax = Number((await client.query(`SELECT max(click_depth) AS n FROM url_facts WHERE project_id = $1`, [PROJECT])).rows[0].n);
await client.end();

const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
const md = `## Link graph (bench/links/graph.ts)

\`npm run bench:links-graph\`: the metrics job on one project of ${PAGES.toLocaleString("en")} tracked URLs with ${LINKS} internal links each
(${report.edges.toLocaleString("en")} edges), every URL audited (a complete cycle, so orphans are claimed), from a graph never computed.
Measured under load (2 cores shared with other work; load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}), ${new Date().toISOString().slice(0, 10)}.

| measure | value | target |
|---|---|---|
| metrics (nodes, edges streamed into typed arrays, inlinks, nofollow-only, samples, depth, orphans, broken links and their issues, all written) | ${seconds.toFixed(1)} s wall; CPU ${first.cpu.toFixed(1)} s Node + ${first.db.toFixed(1)} s PostgreSQL | < 60 s: ${verdict(seconds < 60)} |
| peak RSS of the job's process (bundled, plain node) | ${maxRssMB.toFixed(0)} MB (at ${(peak.atMs / 1000).toFixed(0)} s; V8 heap ${peak.heapMB} MB, outside it ${peak.externalMB} MB) | < 500 MB: ${verdict(maxRssMB < 500)} |
| the same run again, nothing changed (only differences written) | ${again.toFixed(1)} s wall; CPU ${second.cpu.toFixed(1)} s Node + ${second.db.toFixed(1)} s PostgreSQL | |
| storage: page_links (rows, TOAST, primary key: what the job reads) | ${mb(linksBytes)} MB, ${(linksBytes / PAGES).toFixed(0)} bytes a page | |
| storage: one page_links row (50 targets: ${targetBytes.toFixed(0)} bytes of targets, bitset) | ${rowBytes.toFixed(0)} bytes | |
| storage: page_link_anchors (the anchor texts, apart; rows, TOAST, primary key) | ${mb(anchorsBytes)} MB, ${(anchorsBytes / PAGES).toFixed(0)} bytes a page | |
| storage: link_nodes (one row a URL, with its computed samples; url index) | ${mb(nodesBytes)} MB, ${(nodesBytes / PAGES).toFixed(0)} bytes a URL | |
| storage: url_facts (one row a URL: inlinks, depth, orphan; its indexes) | ${mb(factsBytes)} MB, ${(factsBytes / PAGES).toFixed(0)} bytes a URL | |
| phases (ms) | ${Object.entries(report.phases).map(([k, v]) => `${k} ${v}`).join(", ")} | |
| result | ${orphans.toLocaleString("en")} orphans, ${report.brokenTargets.toLocaleString("en")} broken targets, ${report.reachable.toLocaleString("en")} reachable, deepest ${depthMax} clicks | |
`;
console.log(md);
// Written at any size (a smaller run says so in its first line: BENCH_PAGES on a loaded machine).
writeResults("links-graph", md);
