// Scheduler at scale, against local PostgreSQL: 100 projects × 10,000 due URLs (1,000,000), each of
// 100 organizations funded. Measures one tick's planning (fair shares over every project) and claiming
// batches of 500 (organization row lock, FOR UPDATE SKIP LOCKED, ledger entries with idempotency keys,
// leases), the two database steps of a tick. Targets: claim < 50 ms p95, planning < 200 ms.
// Usage: npm run bench:inspections   (BENCH_DATABASE_URL / DATABASE_URL or local PostgreSQL)
import os from "node:os";
import { freshDatabase, writeResults } from "../lib.mjs";
import { applyMigrations } from "../../lib/db/migrate";

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100);
const PER_PROJECT = Number(process.env.BENCH_URLS_PER_PROJECT ?? 10_000);
const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 200);
const PLANS = 20;
const loadAtStart = os.loadavg()[0];

const DATABASE_URL = await freshDatabase("iw_bench_inspections");
process.env.DATABASE_URL = DATABASE_URL;
process.env.DISABLE_IN_PROCESS_JOBS = "1";
await applyMigrations(DATABASE_URL);
const { db, Prisma, withTransaction } = await import("../../lib/db");
const { systemCtx } = await import("../../lib/core/context");
const { ensureUser } = await import("../../lib/users/ensure-user");
const { grantCredits } = await import("../../lib/credits/credit-ledger");
const { planInspections } = await import("../../lib/inspections/plan-inspections");
const { claimInspections } = await import("../../lib/inspections/claim-inspections");

console.error(`seeding ${PROJECTS} projects × ${PER_PROJECT} due URLs…`);
const t0 = performance.now();
const projects: { id: string; organizationId: string }[] = [];
for (let i = 0; i < PROJECTS; i++) {
  const { userId, organizationId } = await ensureUser(`bench-sched-${i}@example.test`);
  await withTransaction(systemCtx("run"), (ctx) => grantCredits(ctx, { organizationId, amount: 1_000_000, kind: "grant" }));
  const domain = `shop-${i}.bench.example`;
  const project = await db.project.create({
    data: {
      organizationId, createdByUserId: userId, name: domain, domain, liveDomain: domain, sitemapUrl: `https://${domain}/sitemap.xml`,
      dnsVerifiedAt: new Date(), automatedInspectionsEnabled: true, inspectionCadence: "daily",
    },
  });
  // Due over the last day, as a spread-out schedule leaves them.
  await db.$executeRaw(Prisma.sql`
    INSERT INTO tracked_urls (id, organization_id, project_id, url, source, next_inspection_at, discovered_at, updated_at)
    SELECT gen_random_uuid(), ${organizationId}::uuid, ${project.id}::uuid, ${`https://${domain}/p/`} || g, 'sitemap',
           now() - (random() * interval '1 day'), now(), now()
    FROM generate_series(1, ${PER_PROJECT}::int) g`);
  projects.push({ id: project.id, organizationId });
}
await db.$executeRawUnsafe("VACUUM ANALYZE tracked_urls");
console.error(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };

const planMs: number[] = [];
let plan = await planInspections(5000, new Date());
for (let i = 0; i < PLANS; i++) {
  const t = performance.now();
  plan = await planInspections(5000, new Date());
  planMs.push(performance.now() - t);
}
if (plan.projects.length !== PROJECTS) throw new Error(`planned ${plan.projects.length} projects, expected ${PROJECTS}`);

const claimMs: number[] = [];
let claimed = 0;
let leased = 0;
for (let i = 0; i < CLAIMS; i++) {
  const p = projects[i % PROJECTS];
  const t = performance.now();
  const claim = await claimInspections({ organizationId: p.organizationId, projectId: p.id, includeDue: true }, 500, new Date());
  claimMs.push(performance.now() - t);
  if (claim.urls.length !== 500 || claim.charged !== 500) throw new Error(`claim ${i}: ${claim.urls.length} URLs, ${claim.charged} charged`);
  claimed += claim.urls.length;
  leased += await db.inspectionClaim.count({ where: { trackedUrlId: { in: claim.urls.map((u) => u.id) } } });
  // Untimed: what storing the outcomes does to the schedule (a tick claims a project's next batch after that).
  await db.$executeRaw(Prisma.sql`UPDATE tracked_urls SET next_inspection_at = now() + interval '1 day' WHERE id = ANY(${claim.urls.map((u) => u.id)}::uuid[])`);
  await db.$executeRaw(Prisma.sql`DELETE FROM inspection_claims WHERE tracked_url_id = ANY(${claim.urls.map((u) => u.id)}::uuid[])`);
}
const [{ debited }] = await db.$queryRaw<{ debited: number }[]>(Prisma.sql`SELECT coalesce(-sum(amount), 0)::int AS debited FROM credit_ledger_entries WHERE kind = 'inspection'`);
if (leased !== claimed || debited !== claimed) throw new Error(`leased ${leased}, debited ${debited}, claimed ${claimed}`);
await db.$disconnect();

const ms = (n: number) => `${n.toFixed(1)} ms`;
const md = `## Scheduler at scale (bench/inspections)

${PROJECTS} projects of ${PROJECTS} organizations × ${PER_PROJECT.toLocaleString("en")} due URLs (${(PROJECTS * PER_PROJECT).toLocaleString("en")} in all),
PostgreSQL on 127.0.0.1, ${os.cpus().length} cores, load ${loadAtStart.toFixed(2)} at start, ${os.loadavg()[0].toFixed(2)} at the end (1-minute averages).
Planning = \`planInspections(5000)\`: every eligible project's demand counted up to an equal share along the (project, due time)
index, then water-filled over organizations and their projects (${PLANS} runs). Claim = \`claimInspections(500)\`: lock the organization
row, 500 due URLs without a live lease \`FOR UPDATE SKIP LOCKED\`, look up slots already paid for, 500 lease rows keyed
(URL, slot) in \`inspection_claims\`, the balance and one ledger entry — one transaction (${CLAIMS} claims round-robin over the projects;
between two claims, untimed, the claimed URLs get their next slot and their claims go, as storing their outcomes does). Run on ${new Date().toISOString().slice(0, 10)}.

| measure | median | p95 | max | target |
|---|---|---|---|---|
| one tick's planning | ${ms(pct(planMs, 50))} | ${ms(pct(planMs, 95))} | ${ms(Math.max(...planMs))} | < 200 ms (${pct(planMs, 95) < 200 ? "met" : "NOT met"}) |
| claiming a batch of 500 | ${ms(pct(claimMs, 50))} | ${ms(pct(claimMs, 95))} | ${ms(Math.max(...claimMs))} | < 50 ms p95 (${pct(claimMs, 95) < 50 ? "met" : "NOT met"}) |
`;
writeResults("inspections", md);
console.log(md);
