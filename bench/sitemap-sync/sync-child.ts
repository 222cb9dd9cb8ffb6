// Runs one sitemap sync in a process of its own, so that its peak RSS is the sync's alone. Arguments:
// organizationId projectId connectTo caFile nowIso. Prints one JSON line.
import fs from "node:fs";

const [organizationId, projectId, connectTo, caFile, nowIso] = process.argv.slice(2);
const { createSafeFetcher } = await import("../../lib/net/safe-fetch");
const { syncProject } = await import("../../lib/sitemaps/sync");
const { db } = await import("../../lib/db");

const ctx = { actor: { type: "system" as const, job: "bench" }, org: { id: organizationId, role: "owner" as const }, request: { ipAddress: null, userAgent: "bench" } };
const fetcher = createSafeFetcher({ connectTo, tlsCa: fs.readFileSync(caFile, "utf8") });
await db.$queryRawUnsafe("SELECT 1");
const rssBeforeMB = process.memoryUsage().rss / 1024 / 1024;
const phases: Record<string, number> = {};
const t0 = performance.now();
const result = await syncProject(ctx, projectId, { now: new Date(nowIso), fetcher, onPhase: (name, ms) => (phases[name] = ms) });
const ms = performance.now() - t0;
const maxRssMB = process.resourceUsage().maxRSS / 1024;
await db.$disconnect();
console.log(JSON.stringify({ ms, phases, result: { ...result, skippedOffHost: result.skippedOffHost.length }, rssBeforeMB, maxRssMB }));
