// What the walk-through fixes added on the read path, at scale, calling the verbs in-process against local PostgreSQL:
// the credit forecast (one project of 1,000,000 URLs on a weekly schedule and 24 of 10,000 on daily and hourly ones),
// the 30-day usage and the ledger (100,000 entries), an issue's URL page with each URL's evidence (a group of ~50,000
// memberships in the 1,000,000-URL project), and the URL list under the overview's counters (counter=…).
// Usage: npm run bench:credits   (BENCH_DATABASE_URL / DATABASE_URL or local PostgreSQL; BENCH_REUSE=1 keeps the seed).
import os from "node:os";
import pg from "pg";
import { freshDatabase, writeResults } from "../lib.mjs";
import { applyMigrations } from "../../lib/db/migrate";
import { seedIssues, seedUrls } from "../urls/seed";

const DB_NAME = "iw_bench_credits";
const BIG = 1_000_000;
const SMALL = 10_000;
const SMALL_PROJECTS = 24;
const LEDGER = 100_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);

const base = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const url = new URL(base);
url.pathname = `/${DB_NAME}`;
const reuse = process.env.BENCH_REUSE === "1";
const DATABASE_URL = reuse ? url.toString() : await freshDatabase(DB_NAME);
process.env.DATABASE_URL = DATABASE_URL;
const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();
const step = (label: string) => { const t0 = Date.now(); return () => console.log(`${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`); };

const ORG = "0c0c0c0c-0000-4000-8000-000000000001";
const BIG_ID = "0c0c0c0c-0000-4000-8000-000000000002";
const smallId = (i: number) => `0c0c0c0c-0000-4000-8000-1${String(i).padStart(11, "0")}`;

if (!reuse) {
  let done = step("migrations");
  await applyMigrations(DATABASE_URL);
  done();
  await client.query(`INSERT INTO organizations (id, name, slug, credit_balance, updated_at) VALUES ($1, 'bench', 'bench', 5000000, now())`, [ORG]);
  const project = (id: string, domain: string, cadence: string) => client.query(
    `INSERT INTO projects (id, organization_id, name, domain, live_domain, sitemap_url, automated_inspections_enabled, inspection_cadence, updated_at)
     VALUES ($1, $2, $3, $3, $3, 'https://' || $3 || '/sitemap.xml', true, $4::"InspectionCadence", now())`, [id, ORG, domain, cadence]);
  done = step(`seed ${BIG.toLocaleString("en")} + ${SMALL_PROJECTS} × ${SMALL.toLocaleString("en")} URLs, issues, ${LEDGER.toLocaleString("en")} ledger entries`);
  await project(BIG_ID, "big-shop.example", "weekly");
  await seedUrls(client, { organizationId: ORG, projectId: BIG_ID, domain: "big-shop.example", count: BIG });
  await seedIssues(client, { organizationId: ORG, projectId: BIG_ID, domain: "big-shop.example", count: BIG });
  for (let i = 0; i < SMALL_PROJECTS; i++) {
    await project(smallId(i), `site-${i}.example`, i % 6 === 0 ? "hourly" : "daily");
    await seedUrls(client, { organizationId: ORG, projectId: smallId(i), domain: `site-${i}.example`, count: SMALL });
  }
  // Every URL scheduled at random within one cadence (as enabling automation spreads them), a few overdue.
  await client.query(`UPDATE tracked_urls t SET next_inspection_at = now() + random() * (CASE p.inspection_cadence
      WHEN 'hourly' THEN interval '1 hour' WHEN 'daily' THEN interval '1 day' ELSE interval '7 days' END) - interval '10 minutes'
    FROM projects p WHERE p.id = t.project_id AND p.organization_id = $1`, [ORG]);
  await client.query(`INSERT INTO credit_ledger_entries (id, organization_id, kind, amount, balance_after, reference, metadata, created_at)
    SELECT gen_random_uuid(), $1, (CASE WHEN g % 50 = 0 THEN 'grant' WHEN g % 3 = 0 THEN 'sitemap_admission' ELSE 'inspection' END)::"CreditEntryKind",
           CASE WHEN g % 50 = 0 THEN 10000 ELSE -(1 + g % 500) END, 5000000, $2,
           jsonb_build_object('projectId', CASE WHEN g % 2 = 0 THEN $2 ELSE $3 END, 'urls', 1 + g % 500), now() - (g * interval '40 seconds')
    FROM generate_series(1, $4::int) g`, [ORG, BIG_ID, smallId(1), LEDGER]);
  done();
}
{
  const done = step("VACUUM ANALYZE");
  for (const t of ["tracked_urls", "issues", "issue_url_memberships", "credit_ledger_entries", "url_history"]) await client.query(`VACUUM ANALYZE ${t}`);
  done();
}

const { getCreditForecast } = await import("../../lib/credit-usage/get-forecast");
const { getCreditUsage } = await import("../../lib/credit-usage/get-usage");
const { listLedger } = await import("../../lib/credit-usage/list-ledger");
const { listIssueUrls } = await import("../../lib/issues/list-issue-urls");
const { listUrls } = await import("../../lib/urls/list-urls");
const { listUrlsQuery } = await import("../../lib/urls/schemas");
const ctx = { actor: { type: "system" as const, job: "bench" }, org: { id: ORG, role: "owner" as const }, request: { ipAddress: null, userAgent: "bench" } };

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1] };
};
const time = async (fn: () => Promise<unknown>) => { const t0 = performance.now(); await fn(); return performance.now() - t0; };
const fmt = (n: number) => n.toFixed(1);
const issue = (await client.query(`SELECT id, affected_url_count FROM issues WHERE project_id = $1 AND type = 'crawled_not_indexed'`, [BIG_ID])).rows[0];

const cases: [string, () => Promise<unknown>, number][] = [
  [`GET credits/forecast (${BIG.toLocaleString("en")} weekly + ${SMALL_PROJECTS} × ${SMALL.toLocaleString("en")} daily/hourly URLs)`, () => getCreditForecast(ctx), 1000],
  [`GET credits/usage, 30 days (${LEDGER.toLocaleString("en")} ledger entries)`, () => getCreditUsage(ctx, {}), 200],
  ["GET credits/ledger, first page of 25", () => listLedger(ctx, { offset: 0, limit: 25 }), 100],
  ["GET credits/ledger, offset 50,000", () => listLedger(ctx, { offset: 50_000, limit: 25 }), 200],
  ["GET credits/ledger?kind=grant", () => listLedger(ctx, { offset: 0, limit: 25, kind: "grant" }), 200],
  [`GET issues/{id}/urls with evidence, 100 of ${Number(issue.affected_url_count).toLocaleString("en")}`, () => listIssueUrls(ctx, BIG_ID, issue.id, { offset: 0, limit: 100 }), 100],
  ["GET issues/{id}/urls with evidence, offset 20,000", () => listIssueUrls(ctx, BIG_ID, issue.id, { offset: 20_000, limit: 100 }), 300],
  ...(["broken", "indexed", "not_indexed"] as const).flatMap((counter) => [0, 10_000].map((offset) =>
    [`GET urls?counter=${counter}, offset ${offset.toLocaleString("en")}`, () => listUrls(ctx, BIG_ID, listUrlsQuery.parse({ counter, offset, limit: 20 })), 100] as [string, () => Promise<unknown>, number])),
];

const loadBefore = os.loadavg()[0];
const rows: string[] = [];
let met = 0;
for (const [label, fn, target] of cases) {
  for (let i = 0; i < 3; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < REQUESTS; i++) ms.push(await time(fn));
  const s = stats(ms);
  if (s.p95 < target) met++;
  rows.push(`| ${label} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.max)} | < ${target} | ${s.p95 < target ? "met" : "missed"} |`);
  console.log(rows.at(-1));
}
const loadAfter = os.loadavg()[0];
const forecast = await getCreditForecast(ctx);
writeResults("credits", `## Walk-through fixes on the read path (bench/credits)

In-process calls of the verbs against local PostgreSQL (default configuration): one organization with a project of
${BIG.toLocaleString("en")} URLs on weekly scheduled inspections (the URL inventory of bench/urls, its issue groups) and
${SMALL_PROJECTS} projects of ${SMALL.toLocaleString("en")} URLs on daily and hourly ones, every URL's next inspection at random within its
cadence; ${LEDGER.toLocaleString("en")} ledger entries over 46 days. ${REQUESTS} calls per case after 3 warm-ups. The targets are ours
(interactive page loads). Load average (1 minute, 2 cores, shared with other work): ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after.
The forecast answered ${forecast.next30DaysCredits.toLocaleString("en")} credits over 30 days.

| case | p50 ms | p95 ms | max ms | target p95 | |
|---|---|---|---|---|---|
${rows.join("\n")}

${met} of ${cases.length} cases met their target. Run on ${new Date().toISOString().slice(0, 10)}.`);
await client.end();
process.exit(0);
