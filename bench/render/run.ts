// Rendering benchmark (third pass: alternating the browser's CPU priority, RENDER_NICE 10 and 0): renders per minute with a pool of 2 (our route answering every request through
// the safe fetcher) against a fixture site of client-rendered, script-modified and static pages on a local test site
// (tests/fakes/test-site.ts, HTTPS through CONNECT_TO); the pool's peak memory as PSS (shared pages counted once: the
// target's measure) and as summed RSS; the CPU-seconds a render costs (Chromium and our Node process: load-independent);
// and the raw audit's throughput alone and while renders run beside it. BENCH_RUNS runs (default 2) with the browser the
// app would launch (Debian's headless shell when installed). Targets: >= 60 renders/min, peak < 600 MB. Usage: npm run bench:render
// (BENCH_SECONDS=n per run, default 45; BENCH_NICES=10,0; BENCH_FULL=1 adds a run of the full Chromium). Writes "Rendering,
// third pass (bench/render)" in docs/benchmarks.md (the first two passes' sections keep their numbers).
import os from "node:os";
import { Worker } from "node:worker_threads";
import { auditUrl } from "../../lib/audit/audit-url";
import { createRobotsCache } from "../../lib/audit/robots-cache";
import { createSafeFetcher } from "../../lib/net/safe-fetch";
import { createBrowserPool, DEBIAN_CHROMIUM, findLocalBrowser } from "../../lib/rendering/browser";
import { renderAndCompare } from "../../lib/rendering/render-url";
import { startTestSite } from "../../tests/fakes/test-site";
import { writeResults } from "../lib.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 45);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
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

type RunResult = {
  label: string; browser: string; seconds: number; renders: number; failed: number; perMinute: number; p50: number; p95: number;
  peakRssMB: number; peakPssMB: number; peakProcs: number; chromiumCpuPerRender: number; nodeCpuPerRender: number; cpuSecondsPerRender: number;
  auditAlonePerSecond: number; auditBesidePerSecond: number; auditAfterPerSecond: number; auditCpuMs: number; load: string; loadStart: string;
};
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

async function run(label: string, env: NodeJS.ProcessEnv): Promise<RunResult> {
  const loadStart = os.loadavg().map((x) => x.toFixed(1)).join(" ");
  const pool = createBrowserPool({ size: POOL, env });
  const state = await pool.state();
  if (!state.available) throw new Error(`No browser: ${state.reason}`);
  const browser = findLocalBrowser(env)?.path ?? "?";
  // Warm-up: the browser starts, the robots.txt cache fills.
  await Promise.all(Array.from({ length: 4 }, (_, i) => renderAndCompare(`https://${HOST}/p/${i}`, { pool, fetcher, robots })));
  const auditAlone = await audits(15);
  const sampler = new Worker(SAMPLER, { eval: true, workerData: { root: process.pid } });
  const ask = <T>(message: string): Promise<T> => new Promise((resolve) => { sampler.once("message", resolve); sampler.postMessage(message); });
  sampler.postMessage("start");
  const cpuBefore = (await ask<{ cpu: number }>("cpu")).cpu;
  const nodeBefore = process.cpuUsage();
  const end = performance.now() + SECONDS * 1000;
  let done = 0;
  let failed = 0;
  const durations: number[] = [];
  let page = 0;
  const started = performance.now();
  const rendering = Promise.all(Array.from({ length: POOL * 2 }, async () => {
    while (performance.now() < end) {
      const o = await renderAndCompare(`https://${HOST}/p/${page++ % PAGES}`, { pool, fetcher, robots });
      if (o.status === "rendered") done++;
      else failed++;
      durations.push(o.durationMs);
    }
  }));
  const auditBeside = await audits(Math.min(30, SECONDS));
  await rendering;
  const elapsed = (performance.now() - started) / 1000;
  const chromiumCpu = (await ask<{ cpu: number }>("cpu")).cpu - cpuBefore;
  const { peak } = await ask<{ peak: { rssMB: number; pssMB: number; n: number } }>("peak");
  await sampler.terminate();
  const nodeCpuAll = process.cpuUsage(nodeBefore);
  await pool.close();
  // The audit alone again once the renders are over: the machine's other load moves between the measures.
  const auditAfter = await audits(15);
  durations.sort((a, b) => a - b);
  const n = Math.max(1, done + failed);
  const nodeCpu = ((nodeCpuAll.user + nodeCpuAll.system) / 1e6 - (auditBeside.cpuMsPerAudit * auditBeside.n) / 1000) / n;
  const result: RunResult = {
    label, browser, seconds: Math.round(elapsed), renders: done, failed, perMinute: round((n / elapsed) * 60),
    p50: durations[Math.floor(durations.length * 0.5)], p95: durations[Math.floor(durations.length * 0.95)],
    peakRssMB: Math.round(peak.rssMB), peakPssMB: Math.round(peak.pssMB), peakProcs: peak.n,
    chromiumCpuPerRender: round(chromiumCpu / n, 2), nodeCpuPerRender: round(nodeCpu, 2), cpuSecondsPerRender: round(chromiumCpu / n + nodeCpu, 2),
    auditAlonePerSecond: round(auditAlone.perSecond), auditBesidePerSecond: round(auditBeside.perSecond), auditAfterPerSecond: round(auditAfter.perSecond), auditCpuMs: round(auditAlone.cpuMsPerAudit),
    load: os.loadavg().map((x) => x.toFixed(1)).join(" "), loadStart,
  };
  console.log(JSON.stringify(result));
  return result;
}

// Runs alternate between the app's default CPU priority for the browser (RENDER_NICE, default 10) and none (0), so each
// pair saw about the same load from the machine's other work.
const NICES = (process.env.BENCH_NICES ?? "10,0").split(",").map(Number);
const results: RunResult[] = [];
for (let i = 1; i <= RUNS; i++) {
  for (const nice of NICES) results.push(await run(`run ${i}, RENDER_NICE=${nice}`, { ...process.env, RENDER_NICE: String(nice) }));
}
if (process.env.BENCH_FULL === "1" && findLocalBrowser({ ...process.env, CHROMIUM_PATH: DEBIAN_CHROMIUM })?.path === DEBIAN_CHROMIUM) {
  results.push(await run("full Chromium", { ...process.env, CHROMIUM_PATH: DEBIAN_CHROMIUM }));
}
await site.close();

const rows = results.map((r) => `| ${r.label} | **${r.perMinute}** (${r.renders} ok, ${r.failed} failed) | ${r.p50} / ${r.p95} ms | **${r.peakPssMB} MB** (${r.peakProcs} procs) | ${r.peakRssMB} MB | ${r.chromiumCpuPerRender} + ${r.nodeCpuPerRender} = **${r.cpuSecondsPerRender}** | ${r.auditAlonePerSecond} → **${r.auditBesidePerSecond}** → ${r.auditAfterPerSecond} | ${r.loadStart} → ${r.load} |`);
writeResults("render-3", `## Rendering, third pass (bench/render)

\`npm run bench:render\`: the fixture site of the first two passes (${PAGES} pages: client-rendered from a JSON call, noindex added by a
script, static with 30 links, title rewritten by a script; each with a stylesheet, a 20 KB script and a script robots.txt forbids Googlebot),
rendered by \`renderAndCompare\` with a pool of ${POOL}, ${POOL * 2} renders asked at once for ${SECONDS} s per run; the raw audit (4 in flight,
pages answering after 50 ms) alone for 15 s, beside the renders for 30 s, then alone again for 15 s. Browser: \`${results[0]?.browser}\`. Runs alternate between the
browser at a lower CPU priority (\`RENDER_NICE=10\`) and at the app's own (\`RENDER_NICE=0\`); load average (1, 5, 15 min) at the start
and the end of each run. Memory: PSS of the pool's Chromium processes (the target's measure), summed RSS beside it. CPU: Chromium's
processes plus our Node process, less the audits' share.

| run | renders / min | p50 / p95 (queue included) | peak PSS | peak RSS | CPU-s per render (Chromium + Node) | raw audits alone → beside → alone again (URLs/s) | load |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}
`);
process.exit(0);
