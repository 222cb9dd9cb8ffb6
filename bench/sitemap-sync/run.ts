// End-to-end sitemap sync benchmark: a sitemap index of 20 children × 50,000 URLs (1,000,000 URLs,
// about 230 MB of XML) served over HTTPS by a local test site reached through CONNECT_TO, synced into
// a fresh PostgreSQL database by the real verb, each sync in a child process of its own (peak RSS).
// Targets: first sync ≥ 20,000 URLs/s with peak RSS < 250 MB; a second sync with no changes ≥ 2× faster.
// Also shown: a sync a day later (every lastSeenInSitemapAt refreshed). The debounce stamp is reset
// between runs. Usage: npm run bench:sitemap-sync (BENCH_DATABASE_URL / DATABASE_URL or local PostgreSQL;
// BENCH_CHILDREN=n for a smaller index).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bundleChild, freshDatabase, ROOT, writeResults } from "../lib.mjs";
import { applyMigrations } from "../../lib/db/migrate";
import { startTestSite } from "../../tests/fakes/test-site";

const DOMAIN = "shop-bench.example";
const CHILDREN = Number(process.env.BENCH_CHILDREN ?? 20);
const PER_CHILD = 50_000;
const TOTAL = CHILDREN * PER_CHILD;
const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

const DATABASE_URL = await freshDatabase("iw_bench_sitemap_sync");
process.env.DATABASE_URL = DATABASE_URL;
await applyMigrations(DATABASE_URL);
const { db, withTransaction } = await import("../../lib/db");
const { systemCtx } = await import("../../lib/core/context");
const { ensureUser } = await import("../../lib/users/ensure-user");
const { grantCredits } = await import("../../lib/credits/credit-ledger");

const { userId, organizationId } = await ensureUser("bench-sitemap-sync@example.test");
const startBalance = await withTransaction(systemCtx("run"), (ctx) => grantCredits(ctx, { organizationId, amount: 1_000_000, kind: "grant" }));
const project = await db.project.create({
  data: { organizationId, createdByUserId: userId, name: DOMAIN, domain: DOMAIN, liveDomain: DOMAIN, sitemapUrl: `https://${DOMAIN}/sitemap.xml` },
});

// Inputs, written once to a temp dir and streamed from disk by the site.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "iw-bench-sitemap-sync-"));
let bytes = 0;
for (let c = 0; c < CHILDREN; c++) {
  const file = path.join(dir, `child-${c}.xml`);
  const out = fs.openSync(file, "w");
  fs.writeSync(out, `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n`);
  for (let i = 0; i < PER_CHILD; i += 1000) {
    let chunk = "";
    for (let k = i; k < i + 1000; k++) {
      chunk += `  <url>\n    <loc>https://${DOMAIN}/catalog/section-${c}/category-${k % 97}/product-${c * PER_CHILD + k}-some-descriptive-slug</loc>\n`
        + `    <lastmod>2024-03-${String((k % 28) + 1).padStart(2, "0")}T10:15:00+00:00</lastmod>\n    <changefreq>weekly</changefreq>\n  </url>\n`;
    }
    fs.writeSync(out, chunk);
  }
  fs.writeSync(out, "</urlset>\n");
  fs.closeSync(out);
  bytes += fs.statSync(file).size;
}
const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n`
  + Array.from({ length: CHILDREN }, (_, c) => `  <sitemap><loc>https://${DOMAIN}/child-${c}.xml</loc></sitemap>\n`).join("") + "</sitemapindex>\n";

const site = await startTestSite({ hostnames: [DOMAIN] });
site.route("/sitemap.xml", { body: index, headers: { "content-type": "application/xml" } });
for (let c = 0; c < CHILDREN; c++) {
  const file = path.join(dir, `child-${c}.xml`);
  site.route(`/child-${c}.xml`, (_req, res) => {
    res.writeHead(200, { "content-type": "application/xml", "content-length": String(fs.statSync(file).size) });
    fs.createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(res);
  });
}
const caFile = path.join(dir, "ca.pem");
fs.writeFileSync(caFile, site.ca);

// The child is bundled (as the app's build would) and run by plain node (see bundleChild).
const childFile = await bundleChild("sitemap-sync", process.env.BENCH_CHILD ?? "sync-child.ts");

type Run = { ms: number; phases: Record<string, number>; result: Record<string, number>; rssBeforeMB: number; maxRssMB: number };
function runChild(now: Date): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(process.env.BENCH_CHILD ? ["--expose-gc"] : []), childFile, organizationId, project.id, site.connectTo([DOMAIN]), caFile, now.toISOString()], {
      cwd: ROOT, env: { ...process.env, DATABASE_URL }, stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => { err += d; if (process.env.BENCH_CHILD) process.stderr.write(d); });
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop()!)) : reject(new Error(`sync child failed (${code}): ${err}`))));
  });
}
const resetDebounce = () => db.project.update({ where: { id: project.id }, data: { lastSitemapSyncAt: null } });
const load = () => os.loadavg()[0].toFixed(1);

const loadStart = load();
const t0 = new Date();
const first = await runChild(t0);
await resetDebounce();
const second = await runChild(new Date(t0.getTime() + 20 * 60_000));
await resetDebounce();
const dayLater = await runChild(new Date(t0.getTime() + 25 * 3600_000));
const loadEnd = load();

const tracked = await db.trackedUrl.count({ where: { projectId: project.id } });
const stats = await db.websiteStats.findUniqueOrThrow({ where: { projectId: project.id } });
const { creditBalance } = await db.organization.findUniqueOrThrow({ where: { id: organizationId } });
const pg = (await db.$queryRawUnsafe<{ v: string }[]>("SELECT split_part(version(), ' on ', 1) AS v"))[0].v;
await db.$disconnect();
await site.close();
fs.rmSync(dir, { recursive: true, force: true });

if (first.result.urlsDiscovered !== TOTAL || tracked !== TOTAL || stats.totalUrls !== TOTAL || creditBalance !== startBalance - TOTAL) {
  throw new Error(`first sync incomplete: ${JSON.stringify({ first: first.result, tracked, total: stats.totalUrls, creditBalance })}`);
}
if (second.result.urlsUpdated !== TOTAL || second.result.urlsDiscovered !== 0 || second.result.staleMarked !== 0) throw new Error(`second sync: ${JSON.stringify(second.result)}`);

const rate = (r: Run) => Math.round(TOTAL / (r.ms / 1000));
const s = (n: number | undefined) => ((n ?? 0) / 1000).toFixed(1);
const row = (name: string, r: Run) =>
  `| ${name} | ${s(r.ms)} | ${rate(r).toLocaleString("en-US")} | ${s(r.phases.walk)} / ${s(r.phases.admission)} / ${s(r.phases.record)} | ${Math.round(r.maxRssMB)} | `
  + `${r.result.urlsDiscovered.toLocaleString("en-US")} / ${r.result.urlsUpdated.toLocaleString("en-US")} / ${r.result.staleMarked} |`;
const speedup = first.ms / second.ms;
const met = (ok: boolean) => (ok ? "met" : "**NOT met**");
const md = `## Sitemap sync, end to end (bench/sitemap-sync)

A sitemap index of ${CHILDREN} children × ${PER_CHILD.toLocaleString("en-US")} URLs (${TOTAL.toLocaleString("en-US")} URLs, ${(bytes / 1024 / 1024).toFixed(0)} MB of XML
with lastmod) served over HTTPS by a local test site (tests/fakes/test-site.ts, reached through CONNECT_TO), synced by
\`syncProject\` into a fresh database on ${pg} (default configuration); each sync runs in a child process of its own.
Walk = robots.txt + fetch + parse + loading the stage table (concurrently); admission = the one transaction (group, insert, update, stale, debit, issues);
record = sitemap rows and sitemap issues. The debounce stamp is reset between runs. Load average (1 min, 2 cores):
${loadStart} at the start, ${loadEnd} at the end.

| sync | wall s | URLs/s | walk / admission / record s | peak RSS MB | discovered / updated / stale |
|---|---|---|---|---|---|
${row("first (all new)", first)}
${row("second, 20 min later, no changes", second)}
${row("a day later, no changes (every lastSeenInSitemapAt refreshed)", dayLater)}

- First sync ≥ 20,000 URLs/s: ${rate(first).toLocaleString("en-US")} — ${met(rate(first) >= 20_000)}.
- Peak RSS < 250 MB: ${Math.round(first.maxRssMB)} MB (first), ${Math.round(second.maxRssMB)} MB (second), ${Math.round(dayLater.maxRssMB)} MB (a day later) — ${met(Math.max(first.maxRssMB, second.maxRssMB, dayLater.maxRssMB) < 250)}.
- Second sync with no changes ≥ 2× faster: ${speedup.toFixed(1)}× — ${met(speedup >= 2)}. A URL seen again keeps its
  lastSeenInSitemapAt for up to an hour when nothing else changed (lib/sitemaps/sync/limits.ts), so this sync rewrites no rows;
  a day later every row's lastSeenInSitemapAt moves, which costs ${(dayLater.ms / first.ms).toFixed(1)}× the first sync.

After the runs: ${tracked.toLocaleString("en-US")} tracked URLs, WebsiteStats.totalUrls ${stats.totalUrls.toLocaleString("en-US")}, balance ${creditBalance.toLocaleString("en-US")} (${startBalance.toLocaleString("en-US")} − ${TOTAL.toLocaleString("en-US")}).
Run on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`;
writeResults("sitemap-sync", md);
console.log(md);
