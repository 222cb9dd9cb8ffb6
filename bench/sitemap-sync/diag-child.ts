import fs from "node:fs";
const [organizationId, projectId, connectTo, caFile, nowIso] = process.argv.slice(2);
const mem = (l: string) => { const m = process.memoryUsage(); console.error(l, "rss", Math.round(m.rss/1048576), "heap", Math.round(m.heapUsed/1048576), "ext", Math.round(m.external/1048576), "ab", Math.round(m.arrayBuffers/1048576), "max", Math.round(process.resourceUsage().maxRSS/1024)); };
mem("start");
const { createSafeFetcher } = await import("../../lib/net/safe-fetch");
mem("net");
const { syncProject } = await import("../../lib/sitemaps/sync");
mem("sync mod");
const { db, withTransaction } = await import("../../lib/db");
const { systemCtx } = await import("../../lib/core/context");
await db.$queryRawUnsafe("SELECT 1");
mem("db");
await db.project.findFirst({ where: { id: projectId } });
mem("model query");
await withTransaction(systemCtx("diag-child"), async (ctx) => {
const { tx } = ctx; await tx.$executeRawUnsafe("CREATE TEMP TABLE w (a text) ON COMMIT DROP"); await tx.$executeRaw`INSERT INTO w SELECT * FROM string_to_table(${"x\n".repeat(100000)}, E'\n')`; await tx.organization.findUnique({ where: { id: organizationId } }); });
mem("tx warm");
{ const { fetchRobots } = await import("../../lib/sitemaps/sync/fetch-robots"); const f = createSafeFetcher({ connectTo, tlsCa: fs.readFileSync(caFile, "utf8") }); await fetchRobots(f, "shop-bench.example"); }
mem("tls warm");
if (global.gc) { global.gc(); mem("gc"); }
const timer = setInterval(() => mem("tick"), 500);
const ctx = { actor: { type: "system" as const, job: "bench" }, org: { id: organizationId, role: "owner" as const }, request: { ipAddress: null, userAgent: "bench" } };
const fetcher = createSafeFetcher({ connectTo, tlsCa: fs.readFileSync(caFile, "utf8") });
const result = await syncProject(ctx, projectId, { now: new Date(nowIso), fetcher, onPhase: (n, ms) => { mem(`phase ${n} ${Math.round(ms)}`); global.gc?.(); mem("  after gc"); } });
clearInterval(timer);
mem("end");
await db.$disconnect();
console.log(JSON.stringify(result.urlsDiscovered));
