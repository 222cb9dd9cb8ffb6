// The organization's portfolio and a project's sitemap coverage, through the HTTP routes of `next start`:
// - GET O/portfolio for an organization of 100 projects (BENCH_PORTFOLIO_URLS URLs each, default 2,000: 200,000 URLs,
//   30 daily snapshots each, issue groups, connection problems), target p95 < 200 ms; also the /portfolio page render;
// - GET P/{id}/sitemaps/coverage on a project of 1,000,000 URLs in 20 sitemaps and 97 sections (bench/urls/seed.ts
//   distributions, with issue memberships on ~20 % of them).
// Usage: npm run bench:portfolio   (BENCH_DATABASE_URL / DATABASE_URL or local PostgreSQL; BENCH_REQUESTS per case,
// default 40; BENCH_COVERAGE_URLS default 1,000,000; NEXT_DIST_DIR to use that build)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { cli, ensureBuilt, freshDatabase, ROOT, startApp, writeResults } from "../lib.mjs";
import { applyMigrations } from "../../lib/db/migrate";
import { seedIssues } from "../urls/seed";

const PORT = Number(process.env.BENCH_PORT ?? 3213);
const PROJECTS = 100;
const URLS_PER_PROJECT = Number(process.env.BENCH_PORTFOLIO_URLS ?? 2_000);
const COVERAGE_URLS = Number(process.env.BENCH_COVERAGE_URLS ?? 1_000_000);
const SITEMAPS = 20;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const TARGET_MS = 200;
const EMAIL = "portfolio@bench.example";
const BIG_PROJECT = "0d0d0d0d-0000-4000-8000-000000000001";
const BIG_DOMAIN = "million-sitemaps.example";

const DATABASE_URL = await freshDatabase("iw_bench_portfolio");
// The API rate limit (600 a minute per user) would refuse the sequential requests: off for the run.
const env = { DATABASE_URL, NEXTAUTH_URL: `http://127.0.0.1:${PORT}`, NEXTAUTH_SECRET: "bench-only-secret", RATE_LIMIT_API_PER_MINUTE: "0" };
const step = (label: string) => { const t0 = Date.now(); return () => console.log(`${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`); };

const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
let done = step("migrations");
await applyMigrations(DATABASE_URL);
done();
const { organizationId } = cli(env, "user:create", "--email", EMAIL);
const { sessionToken } = cli(env, "session:create", "--email", EMAIL);

// ---- 100 projects of 2,000 URLs: counters through the triggers, verdicts up to 14 days old, 30 snapshots each ----
done = step(`seed ${PROJECTS} projects × ${URLS_PER_PROJECT.toLocaleString("en")} URLs`);
await client.query("SELECT setseed(0.24)");
await client.query(
  `INSERT INTO projects (id, organization_id, name, domain, live_domain, sitemap_url, last_sitemap_sync_at, last_engine_sync_at,
     gsc_revoked_at, engine_b_connected_at, engine_b_last_error, updated_at)
   SELECT gen_random_uuid(), $1, 'Client site ' || lpad(p::text, 3, '0'), 'client-' || p || '.example', 'client-' || p || '.example',
     'https://client-' || p || '.example/sitemap.xml', now() - p * interval '1 hour', now() - p * interval '30 minutes',
     CASE WHEN p % 17 = 0 THEN now() END, CASE WHEN p % 23 = 0 THEN now() END, CASE WHEN p % 23 = 0 THEN 'The API key was refused (401)' END, now()
   FROM generate_series(1, $2::int) p`,
  [organizationId, PROJECTS],
);
await client.query(
  `INSERT INTO tracked_urls (id, organization_id, project_id, url, source, health_state, engine_a_state, engine_b_state, engine_a_observed_at, updated_at)
   SELECT gen_random_uuid(), $1, p.id, 'https://' || p.domain || '/s' || (g % 7) || '/page-' || g, 'sitemap',
     (CASE WHEN random() < 0.8 THEN 'healthy' ELSE 'client_error' END)::"HealthState",
     (CASE WHEN random() < 0.6 THEN 'indexed' ELSE 'crawled_not_indexed' END)::"EngineAState",
     (CASE WHEN random() < 0.5 THEN 'indexed' ELSE 'not_indexed' END)::"EngineBState",
     now() - random() * interval '14 days', now()
   FROM projects p CROSS JOIN generate_series(1, $2::int) g WHERE p.organization_id = $1`,
  [organizationId, URLS_PER_PROJECT],
);
await client.query(
  `INSERT INTO website_snapshots (id, organization_id, project_id, date, total_urls, healthy_urls, broken_urls, redirected_urls, indexed_urls,
     not_indexed_urls, stale_urls, open_issues, urls_with_issues)
   SELECT gen_random_uuid(), $1, p.id, current_date - d, $2::int, 0, 0, 0, ($2::int * (0.5 + (30 - d) / 200.0))::int, 0, 0, 0, 0
   FROM projects p CROSS JOIN generate_series(1, 30) d WHERE p.organization_id = $1`,
  [organizationId, URLS_PER_PROJECT],
);
await client.query(
  `INSERT INTO issues (id, organization_id, project_id, type, severity, severity_rank, status, first_detected_at, last_detected_at, updated_at)
   SELECT gen_random_uuid(), $1, p.id, t.type::"IssueType", t.severity::"IssueSeverity", t.rank, 'open', now(), now(), now()
   FROM projects p CROSS JOIN (VALUES ('server_error', 'critical', 3), ('broken_link', 'warning', 2), ('indexnow_key_invalid', 'critical', 3)) t(type, severity, rank)
   WHERE p.organization_id = $1 AND (t.type <> 'indexnow_key_invalid' OR p.name LIKE '%5')`,
  [organizationId],
);
done();

// ---- one project of 1,000,000 URLs in 20 sitemaps ----
done = step(`seed ${COVERAGE_URLS.toLocaleString("en")} URLs in ${SITEMAPS} sitemaps`);
await client.query(
  `INSERT INTO projects (id, organization_id, name, domain, live_domain, sitemap_url, updated_at) VALUES ($1, $2, $3, $3, $3, 'https://' || $3 || '/sitemap.xml', now())`,
  [BIG_PROJECT, organizationId, BIG_DOMAIN],
);
await client.query(
  `INSERT INTO sitemaps (id, organization_id, project_id, url, type, fetch_status, url_count, updated_at)
   SELECT gen_random_uuid(), $1, $2, 'https://' || $3 || '/sitemap-' || s || '.xml', 'urlset', 'ok', $4::int / $5::int, now() FROM generate_series(1, $5::int) s`,
  [organizationId, BIG_PROJECT, BIG_DOMAIN, COVERAGE_URLS, SITEMAPS],
);
await client.query("SELECT setseed(0.42)");
await client.query(
  `INSERT INTO tracked_urls (id, organization_id, project_id, url, source, discovered_at, created_at, updated_at, health_state, indexability,
     engine_a_state, engine_b_state, sitemap_id, stale_at)
   SELECT gen_random_uuid(), $1, $2, 'https://' || $3 || '/c' || (g % 97) || '/item-' || g, 'sitemap', d, d, d,
     (CASE WHEN h < 0.78 THEN 'healthy' WHEN h < 0.86 THEN 'redirected' WHEN h < 0.91 THEN 'client_error' WHEN h < 0.93 THEN 'server_error' ELSE 'unknown' END)::"HealthState",
     (CASE WHEN h < 0.70 THEN 'indexable' WHEN h < 0.75 THEN 'noindex' ELSE 'unknown' END)::"Indexability",
     (CASE WHEN a < 0.55 THEN 'indexed' WHEN a < 0.65 THEN 'crawled_not_indexed' WHEN a < 0.73 THEN 'discovered_not_indexed' ELSE 'unknown' END)::"EngineAState",
     (CASE WHEN b < 0.50 THEN 'indexed' WHEN b < 0.65 THEN 'not_indexed' ELSE 'unknown' END)::"EngineBState",
     m.ids[1 + g % array_length(m.ids, 1)], CASE WHEN st < 0.03 THEN d END
   FROM (SELECT g, random() h, random() a, random() b, random() st, timestamptz '2025-01-01T00:00:00Z' + (g / 1000) * interval '8 hours' d
         FROM generate_series(1, $4::int) g) r,
        (SELECT array_agg(id ORDER BY url) AS ids FROM sitemaps WHERE project_id = $2) m`,
  [organizationId, BIG_PROJECT, BIG_DOMAIN, COVERAGE_URLS],
);
await seedIssues(client, { organizationId, projectId: BIG_PROJECT, domain: BIG_DOMAIN, count: COVERAGE_URLS });
done();
done = step("VACUUM ANALYZE");
for (const table of ["projects", "tracked_urls", "issues", "issue_url_memberships", "open_issue_urls", "website_stats", "url_facet_counts", "website_snapshots", "sitemaps"]) {
  await client.query(`VACUUM ANALYZE ${table}`);
}
done();
await client.end();

const dist = process.env.NEXT_DIST_DIR;
if (!dist || !fs.existsSync(path.join(ROOT, dist, "BUILD_ID"))) ensureBuilt();
const app = await startApp({ ...env, ...(dist ? { NEXT_DIST_DIR: dist } : {}) }, PORT);
const headers = { authorization: `Bearer ${sessionToken}` };
const cookie = `next-auth.session-token=${sessionToken}`;

async function timed(urlPath: string, check: (status: number, body: string) => void, asPage = false): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}${urlPath}`, { headers: asPage ? { cookie } : headers, redirect: "manual" });
  const body = await res.text();
  const ms = performance.now() - t0;
  check(res.status, body);
  return ms;
}
const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1] };
};

const O = `/api/user/organizations/${organizationId}`;
const expectRows = (n: number) => (status: number, body: string) => {
  if (status !== 200) throw new Error(`HTTP ${status}: ${body.slice(0, 200)}`);
  const data = JSON.parse(body).data as unknown[];
  if (data.length !== n) throw new Error(`expected ${n} rows, got ${data.length}`);
};
type Case = { label: string; path: string; check: (status: number, body: string) => void; target?: number; page?: boolean; requests?: number };
const CASES: Case[] = [
  { label: "GET O/portfolio (101 projects, name order)", path: `${O}/portfolio`, check: expectRows(PROJECTS + 1), target: TARGET_MS },
  { label: "GET O/portfolio?sort=indexedPctEngineA:desc", path: `${O}/portfolio?sort=indexedPctEngineA:desc`, check: expectRows(PROJECTS + 1), target: TARGET_MS },
  { label: "GET O/portfolio?q=site 05&sort=freshness", path: `${O}/portfolio?q=site%2005&sort=freshness`, check: expectRows(10), target: TARGET_MS },
  { label: "/portfolio page (server render)", path: "/portfolio", page: true, check: (s, b) => { if (s !== 200 || !b.includes("Client site 001")) throw new Error(`page: HTTP ${s}`); } },
  {
    label: `GET P/{id}/sitemaps/coverage (${COVERAGE_URLS.toLocaleString("en")} URLs)`, path: `${O}/projects/${BIG_PROJECT}/sitemaps/coverage`, requests: Math.min(REQUESTS, 15),
    check: (s, b) => {
      if (s !== 200) throw new Error(`coverage: HTTP ${s} ${b.slice(0, 200)}`);
      const d = JSON.parse(b).data;
      if (d.totals.urls !== COVERAGE_URLS || d.sitemaps.length !== SITEMAPS + 1 || d.sections.length !== 97) throw new Error(`coverage: unexpected ${JSON.stringify(d.totals)} ${d.sitemaps.length} ${d.sections.length}`);
    },
  },
];

const loadBefore = os.loadavg()[0];
const rows: string[] = [];
const misses: string[] = [];
try {
  for (const c of CASES) {
    for (let i = 0; i < 3; i++) await timed(c.path, c.check, c.page);
    const ms: number[] = [];
    for (let i = 0; i < (c.requests ?? REQUESTS); i++) ms.push(await timed(c.path, c.check, c.page));
    const s = stats(ms);
    const verdict = c.target === undefined ? "not targeted" : s.p95 < c.target ? "yes" : "**no**";
    if (c.target !== undefined && s.p95 >= c.target) misses.push(c.label);
    rows.push(`| ${c.label} | ${c.requests ?? REQUESTS} | ${s.p50.toFixed(0)} | ${s.p95.toFixed(0)} | ${s.max.toFixed(0)} | ${verdict} |`);
    console.log(`${c.label}: p50 ${s.p50.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms, max ${s.max.toFixed(0)} ms`);
  }
} finally {
  app.kill();
}

const md = `## Portfolio and sitemap coverage (bench/portfolio)

\`npm run bench:portfolio\`: one organization in local PostgreSQL with ${PROJECTS} projects of ${URLS_PER_PROJECT.toLocaleString("en")} tracked URLs each
(Google verdicts up to 14 days old, 30 daily snapshots, two or three open issue groups, some revoked Google grants and failing Bing keys),
plus one project of ${COVERAGE_URLS.toLocaleString("en")} URLs spread over ${SITEMAPS} sitemaps and 97 sections (issue memberships on ~20 % of them),
all seeded with generate_series; \`next start\`; sequential requests after 3 warm-ups, with a session (Bearer for the API, the cookie for the page),
timed to the last byte. Target: the portfolio p95 < ${TARGET_MS} ms. Load average before the run: ${loadBefore.toFixed(2)} on ${os.cpus().length} cores.

| request | requests | p50 ms | p95 ms | max ms | < ${TARGET_MS} ms |
|---|---|---|---|---|---|
${rows.join("\n")}

The portfolio is two statements: the counts of fresh Google verdicts older than 5 minutes are recounted over the (project_id,
engine_a_observed_at) index (portfolio_freshness; the warm-up requests count them, so the timed ones read them), then the live
counters (website_stats, url_facet_counts), those counts, the open issues and the snapshots are read once for every project. The sitemap coverage is one
pass over the project's URLs (a sequential scan of its rows with the open issues hash-joined), grouped by sitemap and section; it has no
index of its own: every row is counted, so an index would only help if it covered the URL, the states and the sitemap, about the size of the table.
`;
writeResults("portfolio", md);
console.log(md);
process.exit(misses.length ? 1 : 0);
