// gsc's quota, end to end against the fake gsc (tests/fakes/gsc-server.ts) run with a
// quota of 60 inspections a minute and 200 a Pacific day per property, on the real clock. First one
// property with 500 owed URLs; then 10 properties in parallel, 500 each. The backlog sync runs tick after
// tick (syncEngineBacklog, as the engines-sync-backlog function does every 5 minutes) until a tick asks
// nothing. Target: exactly 200 inspections per property, none refused by the fake (no 429), the other 300
// still owed (deferred to the next Pacific day), each property within its own quota.
// Usage: npm run bench:engines   (BENCH_DATABASE_URL / DATABASE_URL or local PostgreSQL; takes ~8 minutes of waiting)
import os from "node:os";
import { freshDatabase, writeResults } from "../lib.mjs";
import { applyMigrations } from "../../lib/db/migrate";
import { systemCtx } from "../../lib/core/context";
import { startFakeGsc } from "../../tests/fakes/gsc-server";

const PER_MINUTE = 60;
const PER_DAY = 200;
const OWED = 500;
const PARALLEL = 10;
const TICK_MS = 4 * 60_000;

const DATABASE_URL = await freshDatabase("iw_bench_engines");
const fake = await startFakeGsc({ quota: { perMinute: PER_MINUTE, perDay: PER_DAY } });
Object.assign(process.env, {
  DATABASE_URL, DISABLE_IN_PROCESS_JOBS: "1", ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "0".repeat(64),
  GSC_QUOTA_PER_DAY: String(PER_DAY), GSC_QUOTA_PER_MINUTE: String(PER_MINUTE), ...fake.env(),
});
await applyMigrations(DATABASE_URL);
const { db, Prisma } = await import("../../lib/db");
const { ensureUser } = await import("../../lib/users/ensure-user");
const { sealGscRefreshToken } = await import("../../lib/connections/secrets");
const { syncEngineBacklog } = await import("../../lib/engine-sync");
const { pacificDayKey } = await import("../../lib/engines/pacific-time");

type Seeded = { organizationId: string; projectId: string; property: string };

async function seed(tag: string): Promise<Seeded> {
  const { userId, organizationId } = await ensureUser(`bench-engines-${tag}@example.test`);
  const domain = `${tag}.bench.example`;
  const property = `sc-domain:${domain}`;
  fake.addUser(`owner@${domain}`, [{ siteUrl: property, permissionLevel: "siteOwner" }]);
  const { refreshToken } = fake.issueTokens(`owner@${domain}`);
  const project = await db.project.create({
    data: {
      organizationId, createdByUserId: userId, name: domain, domain, liveDomain: domain, sitemapUrl: `https://${domain}/sitemap.xml`,
      gscPropertyUrl: property, gscConnectedAt: new Date(), dnsVerifiedAt: new Date(),
    },
  });
  await db.project.update({ where: { id: project.id }, data: { gscRefreshTokenEnc: sealGscRefreshToken(project.id, refreshToken) } });
  // Audited and never asked by an engine: each owes gsc a check of the first priority.
  await db.$executeRaw(Prisma.sql`
    INSERT INTO tracked_urls (id, organization_id, project_id, url, source, engine_a_sync_priority, last_audit_at, discovered_at, updated_at)
    SELECT gen_random_uuid(), ${organizationId}::uuid, ${project.id}::uuid, ${`https://${domain}/p/`} || g, 'sitemap', 0, now(), now(), now()
    FROM generate_series(1, ${OWED}::int) g`);
  return { organizationId, projectId: project.id, property };
}

/** Ticks until one asks nothing more; answers the ticks run and the wall time. */
async function drain(p: Seeded) {
  const started = performance.now();
  let ticks = 0;
  for (;;) {
    ticks++;
    const r = await syncEngineBacklog(systemCtx("bench-engines", p.organizationId), p.projectId, { deadline: Date.now() + TICK_MS });
    if (r.engineA.observed === 0 || r.engineA.stopped === "quota_day") return { ticks, seconds: (performance.now() - started) / 1000, report: r.engineA };
  }
}

async function outcome(p: Seeded) {
  const calls = fake.requests.filter((r) => r.route === "inspect" && r.body?.siteUrl === p.property);
  const [row] = await db.$queryRaw<{ n: number; observed: number }[]>(Prisma.sql`
    SELECT count(*) FILTER (WHERE engine_a_sync_priority IS NOT NULL)::int AS n, count(*) FILTER (WHERE last_engine_sync_at IS NOT NULL)::int AS observed
    FROM tracked_urls WHERE project_id = ${p.projectId}::uuid`);
  const [quota] = await db.$queryRaw<{ used: number }[]>(Prisma.sql`
    SELECT used FROM engine_quota_usage WHERE property_key = ${p.property} AND day = ${pacificDayKey(new Date())}`);
  return { inspected: calls.filter((c) => c.status === 200).length, refused: calls.filter((c) => c.status === 429).length, owed: row.n, observed: row.observed, counted: quota?.used ?? 0 };
}

const loadAtStart = os.loadavg()[0];
const day = pacificDayKey(new Date());
console.error("one property, 500 owed URLs…");
const single = await seed("single");
const singleRun = await drain(single);
const singleOut = await outcome(single);
console.error(singleOut, singleRun);

console.error(`${PARALLEL} properties in parallel, 500 owed URLs each…`);
const many = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => seed(`parallel-${i}`)));
const manyRuns = await Promise.all(many.map(drain));
const manyOut = await Promise.all(many.map(outcome));
console.error(manyOut);
await db.$disconnect();
await fake.close();
if (pacificDayKey(new Date()) !== day) console.error("warning: the Pacific day turned during the run; rerun for clean numbers");

const ok = (o: Awaited<ReturnType<typeof outcome>>) => o.inspected === PER_DAY && o.refused === 0 && o.owed === OWED - PER_DAY && o.observed === PER_DAY && o.counted === PER_DAY;
const md = `## Console quota (bench/engines)

The backlog sync against the fake console with a quota of ${PER_MINUTE} inspections a minute and ${PER_DAY} a Pacific day per property
(GSC_QUOTA_PER_MINUTE/GSC_QUOTA_PER_DAY set to the same), on the real clock, ${OWED} owed URLs per property; ticks of at most
4 minutes run until one asks nothing (a spent minute is waited out inside a tick, a spent day ends it). ${os.cpus().length} cores,
load ${loadAtStart.toFixed(2)} at start. Run on ${new Date().toISOString().slice(0, 10)}.

| run | inspected (200) | refused by the fake (429) | still owed | our count | ticks | wall time | target |
|---|---|---|---|---|---|---|---|
| 1 property | ${singleOut.inspected} | ${singleOut.refused} | ${singleOut.owed} | ${singleOut.counted} | ${singleRun.ticks} | ${singleRun.seconds.toFixed(0)} s | exactly ${PER_DAY}, none refused, ${OWED - PER_DAY} deferred (${ok(singleOut) ? "met" : "NOT met"}) |
| ${PARALLEL} properties in parallel (each) | ${Math.min(...manyOut.map((o) => o.inspected))}–${Math.max(...manyOut.map((o) => o.inspected))} | ${manyOut.reduce((s, o) => s + o.refused, 0)} in all | ${Math.min(...manyOut.map((o) => o.owed))}–${Math.max(...manyOut.map((o) => o.owed))} | ${Math.min(...manyOut.map((o) => o.counted))}–${Math.max(...manyOut.map((o) => o.counted))} | ${Math.max(...manyRuns.map((r) => r.ticks))} | ${Math.max(...manyRuns.map((r) => r.seconds)).toFixed(0)} s | each within its own quota (${manyOut.every(ok) ? "met" : "NOT met"}) |
`;
writeResults("engines", md);
console.log(md);
