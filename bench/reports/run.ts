// Client reports at scale, in-process against PostgreSQL (no `next start`: the cron and the PDF run in the job, not
// in a request):
// - the report's data (counters, 90-day trend, time to index, issues opened and fixed, IndexNow) and its PDF for a
//   project of BENCH_REPORT_URLS URLs (default 1,000,000; issue memberships on ~20 % of them), weekly and monthly;
// - one hourly run of the reports cron for BENCH_REPORT_PROJECTS projects (default 50, 2,000 URLs and 90 snapshots
//   each) due at once, mailed to a local SMTP server (tests/fakes/smtp-server.ts).
// Usage: npm run bench:reports   (BENCH_DATABASE_URL / DATABASE_URL or local PostgreSQL)
import os from "node:os";
import pg from "pg";
import { cli, freshDatabase, writeResults } from "../lib.mjs";
import { seedIssues, seedUrls } from "../urls/seed";
import { startFakeSmtp } from "../../tests/fakes/smtp-server";

const URLS = Number(process.env.BENCH_REPORT_URLS ?? 1_000_000);
const PROJECTS = Number(process.env.BENCH_REPORT_PROJECTS ?? 50);
const RUNS = 5;
const EMAIL = "reports@bench.example";

const DATABASE_URL = await freshDatabase("iw_bench_reports");
process.env.DATABASE_URL = DATABASE_URL;
const env = { DATABASE_URL, NEXTAUTH_URL: "http://127.0.0.1:3000", NEXTAUTH_SECRET: "bench-only-secret" };
const load = os.loadavg()[0].toFixed(2);
const step = (label: string) => { const t0 = Date.now(); return () => console.log(`${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`); };

const { applyMigrations } = await import("../../lib/db/migrate");
await applyMigrations(DATABASE_URL);
const { organizationId } = cli(env, "user:create", "--email", EMAIL);
const { db } = await import("../../lib/db");
const { systemCtx } = await import("../../lib/core/context");
const { lastCompletePeriod } = await import("../../lib/reports/periods");
const { reportData } = await import("../../lib/reports/report-data");
const { renderReport } = await import("../../lib/reports/render-report");
const { reportProject } = await import("../../lib/reports/internal");
const { listDueReports, sendDueReports } = await import("../../lib/reports/send-due-reports");

const client = new pg.Client({ connectionString: DATABASE_URL });
await client.connect();

/** A project row, its URLs (bench/urls/seed.ts), Google's first-indexed times for the last 40 days' URLs, 90 snapshots and IndexNow batches. */
async function seedProject(name: string, count: number, withIssues: boolean) {
  const { rows } = await client.query(
    `INSERT INTO projects (id, organization_id, name, domain, live_domain, sitemap_url, gsc_connected_at, gsc_property_url, updated_at)
     VALUES (gen_random_uuid(), $1, $2, $2, $2, 'https://' || $2 || '/sitemap.xml', now(), 'sc-domain:' || $2, now()) RETURNING id`, [organizationId, name]);
  const target = { organizationId, projectId: rows[0].id as string, domain: name, count };
  await seedUrls(client, target);
  const { rows: [{ last }] } = await client.query("SELECT max(discovered_at) AS last FROM tracked_urls WHERE project_id = $1", [target.projectId]);
  await client.query(
    `UPDATE tracked_urls SET engine_a_indexed_at = discovered_at + random() * interval '9 days', indexed_at = discovered_at + random() * interval '9 days'
     WHERE project_id = $1 AND engine_a_state = 'indexed' AND discovered_at > $2::timestamptz - interval '40 days'`, [target.projectId, last]);
  await client.query(
    `INSERT INTO website_snapshots (id, organization_id, project_id, date, total_urls, healthy_urls, broken_urls, redirected_urls, indexed_urls,
       not_indexed_urls, stale_urls, open_issues, urls_with_issues)
     SELECT gen_random_uuid(), $1, $2, ($3::timestamptz)::date - d, n, (n * 0.78)::int, (n * 0.05)::int + d, (n * 0.08)::int,
       greatest(0, (n * 0.55)::int - d * 10), (n * 0.3)::int, 0, 5, (n * 0.2)::int
     FROM generate_series(0, 89) d, (SELECT $4::int AS n) c`, [organizationId, target.projectId, last, count]);
  await client.query(
    `INSERT INTO submissions (id, organization_id, project_id, url_count, status, response_code, created_at)
     SELECT gen_random_uuid(), $1, $2, 1000, 'accepted', 200, $3::timestamptz - d * interval '6 hours' FROM generate_series(0, 120) d`,
    [organizationId, target.projectId, last]);
  if (withIssues) await seedIssues(client, target);
  return { ...target, last: new Date(last) };
}

const stats = (ms: number[]) => { const s = [...ms].sort((a, b) => a - b); return { p50: Math.round(s[Math.floor(s.length / 2)]), max: Math.round(s.at(-1)!) }; };
async function time(n: number, fn: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) { const t0 = performance.now(); await fn(); ms.push(performance.now() - t0); }
  return stats(ms);
}

// ---- one large project: the data and the PDF ----
let done = step(`seed 1 project × ${URLS.toLocaleString("en")} URLs`);
const big = await seedProject("large-client.example", URLS, true);
await client.query("ANALYZE");
done();
const project = (await reportProject(systemCtx("bench-reports"), big.projectId, organizationId))!;
const now = new Date(big.last.getTime() + 3 * 86_400_000);
const rows: string[] = [];
for (const cadence of ["weekly", "monthly"] as const) {
  const period = lastCompletePeriod(cadence, now);
  await reportData(project, period, now); // warm-up
  const data = await time(RUNS, () => reportData(project, period, now));
  const pdf = await time(RUNS, () => renderReport(project, period, now));
  rows.push(`| ${cadence} (${period.key}) | ${data.p50} | ${data.max} | ${pdf.p50} | ${pdf.max} |`);
}

// ---- one cron run: PROJECTS reports due at once, mailed to a local SMTP server ----
done = step(`seed ${PROJECTS} projects × 2,000 URLs with weekly schedules`);
const small = [];
for (let i = 0; i < PROJECTS; i++) small.push(await seedProject(`client-${i}.example`, 2_000, false));
const cronNow = new Date(Math.max(...small.map((p) => p.last.getTime())) + 3 * 86_400_000);
for (const p of small) {
  await db.reportSchedule.create({ data: { projectId: p.projectId, organizationId, cadence: "weekly", recipients: [`client@${p.domain}`, "seo@agency.example"], activeSince: new Date(cronNow.getTime() - 30 * 86_400_000) } });
}
done();
const smtp = await startFakeSmtp();
process.env.SMTP_URL = smtp.url;
const due = (await listDueReports(cronNow)).length;
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
const t0 = performance.now();
const counts = await sendDueReports(cronNow);
const cronMs = performance.now() - t0;
clearInterval(sampler);
const again = await sendDueReports(cronNow);
await smtp.close();
console.log({ due, counts, again, cronMs, mails: smtp.mails.length });

const md = `## Client reports (bench/reports)

\`npm run bench:reports\`, in-process against local PostgreSQL (the report is made by the cron job, not in a request). Load average
before the run: ${load} on 2 cores (other engineers' suites were running).

**One report** of a project of ${URLS.toLocaleString("en")} URLs (bench/urls/seed.ts distributions, issue memberships on ~20 % of them, Google's
first-indexed times for the last 40 days' URLs, 90 daily snapshots, 121 IndexNow batches): ${RUNS} runs after a warm-up. "data" is the
queries (snapshots, live and per-engine counters, URLs first seen, time to index over the period, issue movements, IndexNow); "PDF" is
the data plus rendering with @react-pdf/renderer.

| period | data p50 ms | data max ms | data + PDF p50 ms | data + PDF max ms |
|---|---|---|---|---|
${rows.join("\n")}

**One cron run** (\`sendDueReports\`, what the hourly \`reports-send-due\` does): ${PROJECTS} projects of 2,000 URLs with weekly schedules
due at once, ${due} due; ${counts.sent} sent, ${counts.failed} failed, in ${(cronMs / 1000).toFixed(1)} s (${Math.round(cronMs / Math.max(1, counts.sent))} ms a report:
claim, data, PDF, one SMTP message to two recipients with the PDF attached, to tests/fakes/smtp-server.ts on 127.0.0.1);
the process's RSS went from ${Math.round(rssBefore / 1e6)} MB to a peak of ${Math.round(peak / 1e6)} MB. A second run at the same time sent ${again.sent} (each period's row is claimed once).
`;
writeResults("reports", md);
console.log(md);
await client.end();
await db.$disconnect();
process.exit(0);
