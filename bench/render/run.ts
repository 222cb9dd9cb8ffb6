// Rendering benchmark (fourth pass: renders admitted beside audits, RENDERER_BESIDE_AUDITS 1 against the pool's size):
// renders per minute with a pool of 2 (our route answering every request through the safe fetcher) against a fixture
// site of client-rendered, script-modified and static pages on a local test site (tests/fakes/test-site.ts, HTTPS
// through CONNECT_TO); the pool's peak memory as PSS (shared pages counted once: the target's measure) and as summed
// RSS; the CPU-seconds a render costs (Chromium and our Node process: load-independent); and the raw audit's
// throughput alone, while renders run beside it, and alone again. Renders a minute are counted over the whole run and
// over the audits' window alone. BENCH_RUNS runs (default 2) with the browser the app would launch (Debian's headless
// shell when installed), each alternating BENCH_BESIDE (RENDERER_BESIDE_AUDITS values, default "1,2": admission on,
// then off at a pool of 2). Targets: >= 60 renders/min, peak < 600 MB, the audit unchanged. Usage: npm run bench:render
// (BENCH_SECONDS=n per run, default 45; BENCH_FULL=1 adds a run of the full Chromium). Writes "Rendering, fourth pass
// (bench/render)" in docs/benchmarks.md (the earlier passes' sections keep their numbers).
import os from "node:os";
import { Worker } from "node:worker_threads";
import { auditUrl } from "../../lib/audit/audit-url";
import { createRobotsCache } from "../../lib/audit/robots-cache";
import { createSafeFetcher } from "../../lib/net/safe-fetch";
import { createBrowserPool, DEBIAN_CHROMIUM, findLocalBrowser, type BrowserPool } from "../../lib/rendering/browser";
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
  label: string; browser: string; seconds: number; renders: number; failed: number; perMinute: number; perMinuteBeside: number; p50: number; p95: number;
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
  const finishedAt: number[] = [];
  const failures = new Map<string, number>();
  const started = performance.now();
  const rendering = Promise.all(Array.from({ length: POOL * 2 }, async () => {
    while (performance.now() < end) {
      const o = await renderAndCompare(`https://${HOST}/p/${page++ % PAGES}`, { pool, fetcher, robots });
      if (o.status === "rendered") done++;
      else {
        failed++;
        failures.set(o.failureReason ?? "?", (failures.get(o.failureReason ?? "?") ?? 0) + 1);
      }
      durations.push(o.durationMs);
      finishedAt.push(performance.now());
    }
  }));
  const besideStart = performance.now();
  const auditBeside = await audits(Math.min(30, SECONDS));
  const besideEnd = performance.now();
  const rendersBeside = finishedAt.filter((t) => t >= besideStart && t <= besideEnd).length;
  await rendering;
  if (failures.size) console.log("failures", JSON.stringify([...failures]));
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
    perMinuteBeside: round((rendersBeside / ((besideEnd - besideStart) / 1000)) * 60),
    p50: durations[Math.floor(durations.length * 0.5)], p95: durations[Math.floor(durations.length * 0.95)],
    peakRssMB: Math.round(peak.rssMB), peakPssMB: Math.round(peak.pssMB), peakProcs: peak.n,
    chromiumCpuPerRender: round(chromiumCpu / n, 2), nodeCpuPerRender: round(nodeCpu, 2), cpuSecondsPerRender: round(chromiumCpu / n + nodeCpu, 2),
    auditAlonePerSecond: round(auditAlone.perSecond), auditBesidePerSecond: round(auditBeside.perSecond), auditAfterPerSecond: round(auditAfter.perSecond), auditCpuMs: round(auditAlone.cpuMsPerAudit),
    load: os.loadavg().map((x) => x.toFixed(1)).join(" "), loadStart,
  };
  console.log(JSON.stringify(result));
  return result;
}

// Runs alternate between admission on (RENDERER_BESIDE_AUDITS=1, the default) and off (the pool's size), so each pair
// saw about the same load from the machine's other work.
const BESIDE = (process.env.BENCH_BESIDE ?? `1,${POOL}`).split(",").map(Number);
const results: RunResult[] = [];
for (let i = 1; i <= RUNS; i++) {
  for (const beside of BESIDE) {
    const label = `run ${i}, ${beside < POOL ? `admission on (${beside} beside audits)` : "admission off"}`;
    results.push(await run(label, { ...process.env, RENDERER_BESIDE_AUDITS: String(beside) }));
  }
}
if (process.env.BENCH_FULL === "1" && findLocalBrowser({ ...process.env, CHROMIUM_PATH: DEBIAN_CHROMIUM })?.path === DEBIAN_CHROMIUM) {
  results.push(await run("full Chromium", { ...process.env, CHROMIUM_PATH: DEBIAN_CHROMIUM }));
}

// --- Interleaved: the machine's other load drifts over a run's minutes, so the audit's share is also measured in short
// windows alternating audits alone, beside renders with admission on, alone, beside renders with admission off (two
// pools, both warm, only one rendering at a time). BENCH_ROUNDS rounds (default 6) of BENCH_WINDOW seconds (default 8).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 8);
type Round = { alone: number[]; on: number; off: number; rendersOn: number; rendersOff: number; failed: number };
async function beside(pool: BrowserPool, seconds: number) {
  let stop = false;
  let finished = 0;
  let failed = 0;
  let page = 0;
  const rendering = Promise.all(Array.from({ length: POOL * 2 }, async () => {
    while (!stop) {
      const o = await renderAndCompare(`https://${HOST}/p/${page++ % PAGES}`, { pool, fetcher, robots });
      if (o.status !== "rendered") failed++;
      else if (!stop) finished++;
    }
  }));
  const audited = await audits(seconds);
  stop = true;
  await rendering;
  return { audits: audited.perSecond, rendersPerMinute: (finished / seconds) * 60, failed };
}
async function interleaved(): Promise<{ rounds: Round[]; loadStart: string; load: string }> {
  const loadStart = os.loadavg().map((x) => x.toFixed(1)).join(" ");
  const on = createBrowserPool({ size: POOL, env: { ...process.env, RENDERER_BESIDE_AUDITS: "1" } });
  const off = createBrowserPool({ size: POOL, env: { ...process.env, RENDERER_BESIDE_AUDITS: String(POOL) } });
  for (const pool of [on, off]) await Promise.all(Array.from({ length: 4 }, (_, i) => renderAndCompare(`https://${HOST}/p/${i}`, { pool, fetcher, robots })));
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const a1 = (await audits(WINDOW)).perSecond;
    const withOn = await beside(on, WINDOW);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // the quiet window: the next measure starts from rest
    const a2 = (await audits(WINDOW)).perSecond;
    const withOff = await beside(off, WINDOW);
    const round = { alone: [a1, a2], on: withOn.audits, off: withOff.audits, rendersOn: withOn.rendersPerMinute, rendersOff: withOff.rendersPerMinute, failed: withOn.failed + withOff.failed };
    console.log(JSON.stringify(round));
    rounds.push(round);
  }
  await on.close();
  await off.close();
  return { rounds, loadStart, load: os.loadavg().map((x) => x.toFixed(1)).join(" ") };
}
const inter = ROUNDS > 0 ? await interleaved() : null;
await site.close();

function interleavedTable(x: { rounds: Round[]; loadStart: string; load: string }): string {
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  const alone = (r: Round) => (r.alone[0] + r.alone[1]) / 2;
  const lines = x.rounds.map((r, i) => `| ${i + 1} | ${round(r.alone[0])} / ${round(r.alone[1])} | ${round(r.on)} (**${round(r.on / alone(r), 2)}**) | ${round(r.off)} (**${round(r.off / alone(r), 2)}**) | ${round(r.rendersOn)} / ${round(r.rendersOff)} | ${r.failed} |`);
  return `
Interleaved, the same process: ${x.rounds.length} rounds of ${WINDOW} s windows, audits alone → beside renders with admission on →
(3 s rest) alone → beside renders with admission off; both pools warm, one rendering at a time. Share: beside ÷ the mean of the
round's two alone windows. Load ${x.loadStart} → ${x.load}.

| round | audits alone (URLs/s) | beside, admission on (share) | beside, admission off (share) | renders / min beside audits, on / off | renders failed |
|---|---|---|---|---|---|
${lines.join("\n")}
| **median** | ${round(median(x.rounds.map(alone)))} | **${round(median(x.rounds.map((r) => r.on / alone(r))), 2)}** | **${round(median(x.rounds.map((r) => r.off / alone(r))), 2)}** | ${round(median(x.rounds.map((r) => r.rendersOn)))} / ${round(median(x.rounds.map((r) => r.rendersOff)))} | ${x.rounds.reduce((n, r) => n + r.failed, 0)} |
`;
}
const ratio = (r: RunResult) => round(r.auditBesidePerSecond / ((r.auditAlonePerSecond + r.auditAfterPerSecond) / 2), 2);
const rows = results.map((r) => `| ${r.label} | **${r.perMinuteBeside}** | ${r.perMinute} (${r.renders} ok, ${r.failed} failed) | ${r.p50} / ${r.p95} ms | **${r.peakPssMB} MB** | ${r.cpuSecondsPerRender} | ${r.auditAlonePerSecond} → **${r.auditBesidePerSecond}** → ${r.auditAfterPerSecond} | **${ratio(r)}** | ${r.loadStart} → ${r.load} |`);
writeResults("render-4", `## Rendering, fourth pass (bench/render)

\`npm run bench:render\`: the fixture site of the earlier passes (${PAGES} pages: client-rendered from a JSON call, noindex added by a
script, static with 30 links, title rewritten by a script), rendered by \`renderAndCompare\` with a pool of ${POOL}, ${POOL * 2} renders asked
at once for ${SECONDS} s per run; the raw audit (4 in flight, pages answering after 50 ms) alone for 15 s, beside the renders for their
first 30 s, then alone again for 15 s. Browser: \`${results[0]?.browser}\`. Runs alternate between admission on
(\`RENDERER_BESIDE_AUDITS=1\`, the default: one render at a time while audits run and for 3 s after) and off (the pool's
size). "Beside audits" counts the renders finished within the audits' 30 s; "whole run" the ${SECONDS} s. The audit's share is
beside ÷ the mean of alone before and after. Load average (1, 5, 15 min) at the start and the end of each run.

| run | renders / min beside audits | renders / min, whole run | p50 / p95 (queue included) | peak PSS | CPU-s per render | raw audits alone → beside → alone again (URLs/s) | audit's share | load |
|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}
${inter ? interleavedTable(inter) : ""}`);
process.exit(0);
