// Rendering benchmark: renders per minute with a pool of 2 (Debian's Chromium, our route answering every request
// through the safe fetcher) against a fixture site of client-rendered, script-modified and static pages on a local
// test site (tests/fakes/test-site.ts, HTTPS through CONNECT_TO); the pool's peak memory (the summed RSS of every
// Chromium process under this one); the CPU a render costs; and the raw audit's throughput alone and while renders
// run beside it. Targets: >= 60 renders/min, peak < 600 MB. Usage: npm run bench:render (BENCH_SECONDS=n to shorten).
import { auditUrl } from "../../lib/audit/audit-url";
import { createRobotsCache } from "../../lib/audit/robots-cache";
import { createSafeFetcher } from "../../lib/net/safe-fetch";
import { createBrowserPool } from "../../lib/rendering/browser";
import { renderAndCompare } from "../../lib/rendering/render-url";
import { startTestSite } from "../../tests/fakes/test-site";
import { writeResults } from "../lib.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const POOL = Number(process.env.RENDERER_POOL_SIZE ?? 2);
const PAGES = 40;
const HOST = "render-bench.test";
const AUDIT_HOST = "audit-bench.test";

const site = await startTestSite({ hostnames: [HOST, AUDIT_HOST] });
site.route("/robots.txt", { headers: { "content-type": "text/plain" }, body: "User-agent: *\nDisallow: /private/\n" });
site.route("/s.css", { headers: { "content-type": "text/css", "cache-control": "max-age=3600" }, body: "body{font-family:sans-serif;margin:2rem}h1{color:#123}.card{padding:1rem;border:1px solid #ccc}".repeat(20) });
site.route("/app.js", { headers: { "content-type": "text/javascript" }, body: `window.app = { started: Date.now() }; ${"/* vendor */ ".repeat(2000)}` });
site.route("/private/analytics.js", { headers: { "content-type": "text/javascript" }, body: "1" });
const words = (n: number, seed: number) => Array.from({ length: n }, (_, i) => `word${(i * 7 + seed) % 97}`).join(" ");
for (let i = 0; i < PAGES; i++) {
  const kind = i % 4; // 0 client-rendered, 1 script adds noindex, 2 static, 3 static + script-written title
  const head = `<meta charset="utf-8"><title>Item ${i}</title><link rel="canonical" href="/p/${i}"><link rel="stylesheet" href="/s.css"><script src="/app.js"></script><script src="/private/analytics.js" async></script>`;
  const body = kind === 0
    ? `<div id="root">Loading…</div><script>fetch("/api/${i}").then(r => r.json()).then(d => { document.getElementById("root").innerHTML = "<h1>" + d.name + "</h1><p>" + d.text + "</p>" + d.links; document.title = d.name; });</script>`
    : kind === 1
      ? `<h1>Item ${i}</h1><p>${words(300, i)}</p><script>const m = document.createElement("meta"); m.name = "robots"; m.content = "noindex"; document.head.appendChild(m);</script>`
      : kind === 2
        ? `<h1>Item ${i}</h1><p>${words(400, i)}</p><ul>${Array.from({ length: 30 }, (_, j) => `<li><a href="/p/${j}">Item ${j}</a></li>`).join("")}</ul>`
        : `<h1>Item ${i}</h1><p>${words(300, i)}</p><script>document.title = "Item ${i} | Shop";</script>`;
  site.route(`/p/${i}`, { headers: { "content-type": "text/html; charset=utf-8" }, body: `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>` });
  site.route(`/api/${i}`, { headers: { "content-type": "application/json" }, body: JSON.stringify({ name: `Item ${i}`, text: words(400, i), links: Array.from({ length: 30 }, (_, j) => `<a href="/p/${j}">Item ${j}</a>`).join("") }) });
}
for (let i = 0; i < 2000; i++) site.route(`/catalog/item-${i}`, { delayMs: 50, headers: { "content-type": "text/html" }, body: `<!doctype html><html><head><title>Item ${i}</title><link rel="canonical" href="/catalog/item-${i}"></head><body><h1>Item ${i}</h1></body></html>` });

const fetcher = createSafeFetcher({ connectTo: site.connectTo([HOST, AUDIT_HOST]), tlsCa: site.ca });
const robots = createRobotsCache({ fetcher });
const pool = createBrowserPool({ size: POOL });
const state = await pool.state();
if (!state.available) throw new Error(`No browser: ${state.reason}`);

// --- Chromium processes under this one: RSS, PSS and CPU (the browser's own CPU counts its reaped children too),
// sampled in a worker thread (reading /proc synchronously in this thread would slow the route answering every request).
const SAMPLER = `
const fs = require("node:fs");
const { parentPort, workerData } = require("node:worker_threads");
const TICK = 100;
const read = (f) => { try { return fs.readFileSync(f, "utf8"); } catch { return null; } };
function children(pid) {
  const tasks = (() => { try { return fs.readdirSync("/proc/" + pid + "/task"); } catch { return []; } })();
  return tasks.flatMap((t) => (read("/proc/" + pid + "/task/" + t + "/children") || "").trim().split(/\\s+/).filter(Boolean).map(Number));
}
function sample(withPss) {
  const seen = [];
  const walk = (pid) => { for (const c of children(pid)) { seen.push(c); walk(c); } };
  walk(workerData.root);
  let rss = 0, pss = 0, cpu = 0, n = 0;
  for (const pid of seen) {
    const st = read("/proc/" + pid + "/stat");
    if (!st) continue;
    const comm = st.slice(st.indexOf("(") + 1, st.lastIndexOf(")"));
    if (!/chrom/i.test(comm)) continue;
    const f = st.slice(st.lastIndexOf(")") + 2).split(" ");
    n++;
    rss += Number(f[21]) * 4;
    cpu += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK;
    if (withPss) pss += Number((/^Pss:\\s+(\\d+)/m.exec(read("/proc/" + pid + "/smaps_rollup") || "") || [])[1] || 0);
  }
  return { rssMB: rss / 1024, pssMB: pss / 1024, cpu, n };
}
let peak = { rssMB: 0, pssMB: 0, n: 0 };
parentPort.on("message", (m) => {
  if (m === "cpu") parentPort.postMessage({ cpu: sample(false).cpu });
  else if (m === "start") setInterval(() => { const s = sample(true); peak = { rssMB: Math.max(peak.rssMB, s.rssMB), pssMB: Math.max(peak.pssMB, s.pssMB), n: Math.max(peak.n, s.n) }; }, 250);
  else if (m === "peak") parentPort.postMessage({ peak });
});
`;
const { Worker } = await import("node:worker_threads");
const sampler = new Worker(SAMPLER, { eval: true, workerData: { root: process.pid } });
const ask = <T>(message: string): Promise<T> => new Promise((resolve) => { sampler.once("message", resolve); sampler.postMessage(message); });

// --- Raw audits: 4 in flight against pages that answer after 50 ms (bench/audit's setting).
async function audits(seconds: number, stop?: () => boolean) {
  const end = performance.now() + seconds * 1000;
  let n = 0;
  let next = 0;
  const cpu0 = process.cpuUsage();
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (performance.now() < end && !stop?.()) {
      await auditUrl(`https://${AUDIT_HOST}/catalog/item-${next++ % 2000}`, { fetcher, robots });
      n++;
    }
  }));
  const cpu = process.cpuUsage(cpu0);
  return { perSecond: n / seconds, n, cpuMsPerAudit: (cpu.user + cpu.system) / 1000 / Math.max(1, n) };
}

// Warm-up: the browser starts, the robots.txt cache fills.
await Promise.all(Array.from({ length: 4 }, (_, i) => renderAndCompare(`https://${HOST}/p/${i}`, { pool, fetcher, robots })));
const auditAlone = await audits(15);
console.log("audits alone", auditAlone);

sampler.postMessage("start");
const cpuBefore = (await ask<{ cpu: number }>("cpu")).cpu;
const nodeBefore = process.cpuUsage();
const end = performance.now() + SECONDS * 1000;
let done = 0;
let failed = 0;
const durations: number[] = [];
const kinds: Record<string, number> = {};
let page = 0;
const started = performance.now();
const rendering = Promise.all(Array.from({ length: POOL * 2 }, async () => {
  while (performance.now() < end) {
    const o = await renderAndCompare(`https://${HOST}/p/${page++ % PAGES}`, { pool, fetcher, robots });
    if (o.status === "rendered") done++;
    else failed++;
    durations.push(o.durationMs);
    for (const d of o.differences) kinds[d.kind] = (kinds[d.kind] ?? 0) + 1;
  }
}));
const auditBeside = await audits(Math.min(30, SECONDS));
await rendering;
const elapsed = (performance.now() - started) / 1000;
const chromiumCpu = (await ask<{ cpu: number }>("cpu")).cpu - cpuBefore;
const { peak } = await ask<{ peak: { rssMB: number; pssMB: number; n: number } }>("peak");
await sampler.terminate();
const nodeCpu = process.cpuUsage(nodeBefore);
await pool.close();
await site.close();

durations.sort((a, b) => a - b);
const perMinute = ((done + failed) / elapsed) * 60;
const cpuPerRender = (chromiumCpu + (nodeCpu.user + nodeCpu.system) / 1e6 - (auditBeside.cpuMsPerAudit * auditBeside.n) / 1000) / Math.max(1, done + failed);
const result = {
  pool: POOL, seconds: Math.round(elapsed), renders: done, failed, perMinute: Math.round(perMinute * 10) / 10,
  p50: durations[Math.floor(durations.length * 0.5)], p95: durations[Math.floor(durations.length * 0.95)],
  peakMB: Math.round(peak.rssMB), peakPssMB: Math.round(peak.pssMB), peakProcs: peak.n, cpuSecondsPerRender: Math.round(cpuPerRender * 1000) / 1000,
  auditAlonePerSecond: Math.round(auditAlone.perSecond * 10) / 10, auditBesidePerSecond: Math.round(auditBeside.perSecond * 10) / 10,
  auditCpuMs: Math.round(auditAlone.cpuMsPerAudit * 10) / 10, differences: kinds, load: (await import("node:os")).loadavg().map((x) => x.toFixed(2)).join(" "),
};
console.log(JSON.stringify(result, null, 2));
const ok = (b: boolean) => (b ? "met" : "NOT met");
writeResults("render", `## Rendering (bench/render)

\`npm run bench:render\`: ${PAGES} fixture pages (a quarter each: client-rendered from a JSON call, noindex added by a script, static with 30 links, title
rewritten by a script; each with a stylesheet, a 20 KB script and a script robots.txt forbids Googlebot) on a local HTTPS test site, rendered by
\`renderAndCompare\` (raw fetch, Chromium render with every request answered through the safe fetcher, both sides read and compared, JPEG screenshot)
with a pool of ${POOL} on Debian's Chromium, ${POOL * 2} renders asked at once for ${result.seconds} s; the raw audit (4 in flight, pages answering after
50 ms) measured alone for 15 s, then beside the renders. Load average at the end: ${result.load} (a machine shared with other work).

| measure | result | target |
|---|---|---|
| renders per minute (pool ${POOL}) | **${result.perMinute}** (${result.renders} rendered, ${result.failed} failed) | ≥ 60: ${ok(result.perMinute >= 60)} |
| render time p50 / p95 | ${result.p50} ms / ${result.p95} ms | |
| peak memory of the pool (summed RSS of Chromium's ${result.peakProcs} processes at most) | **${result.peakMB} MB** | < 600 MB: ${ok(result.peakMB < 600)} |
| the same as PSS (shared pages counted once) | ${result.peakPssMB} MB | |
| CPU per render (Chromium + our Node process) | ${result.cpuSecondsPerRender} CPU-s | |
| raw audits alone / beside the renders | ${result.auditAlonePerSecond} / ${result.auditBesidePerSecond} URLs/s | unchanged |
| CPU per raw audit (Node) | ${result.auditCpuMs} ms | |

How the price was chosen (RENDER_CREDITS, default 5 credits; an audit costs 1): a render costs ${result.cpuSecondsPerRender} CPU-s
(Chromium and our process) and holds one of the pool's ${POOL} slots for ${(result.p50 / 1000).toFixed(1)} s (p50 here), where an audit's own work is
${result.auditCpuMs} ms of CPU and its credit mostly pays for what it brings along (the stored history kept 400 days, the Google and Bing checks
an inspection triggers under their daily quotas). At ${result.perMinute} renders a minute a 2-core machine renders ~${Math.round(result.perMinute * 60)} pages
an hour; 5 credits a render keeps rendering within what a site's credits pay for audits while making every render a deliberate choice.
Per-page limits: 150 requests, 15 MB, 20 s (RENDER_MAX_REQUESTS,
RENDER_MAX_BYTES, RENDER_TIMEOUT_MS), a 256 MB JavaScript heap per page (RENDER_JS_HEAP_MB).
`);
process.exit(0);
