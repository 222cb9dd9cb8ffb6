// Audit engine benchmark: 2,000 URLs of one host on a local test site (tests/fakes/test-site.ts, real
// HTTPS and HTTP servers on 127.0.0.1 reached through CONNECT_TO) whose pages answer after 50 ms and
// serve robots.txt, audited by the runner with 4 requests per host, in a child process of its own.
// 4 in flight × 1 / 50 ms = 80 URLs/s at best. Targets: ≥ 90 % of that (72 URLs/s), peak RSS < 250 MB,
// and the site never sees more than 4 requests at once. The same URLs fetched by the safe fetcher
// alone give the floor the audit stands on. Usage: npm run bench:audit (BENCH_URLS=n for a trial).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bundleChild, ROOT, writeResults } from "../lib.mjs";
import { startTestSite } from "../../tests/fakes/test-site";

const HOST = "shop-bench.example";
const URLS = Number(process.env.BENCH_URLS ?? 2_000);
const PER_HOST = 4;
const DELAY_MS = 50;
const IDEAL = (PER_HOST * 1000) / DELAY_MS;

const site = await startTestSite({ hostnames: [HOST] });
site.route("/robots.txt", { body: "User-agent: *\nDisallow: /cart\n\nSitemap: https://shop-bench.example/sitemap.xml\n", headers: { "content-type": "text/plain" } });
const filler = Array.from({ length: 300 }, (_, i) => `<li><a href="/catalog/item-${i}">Item ${i}</a></li>`).join("");
for (let i = 0; i < URLS; i++) {
  const head = `<meta charset="utf-8"><title>Item ${i}</title><meta name="viewport" content="width=device-width"><meta name="robots" content="index, follow, max-image-preview:large"><link rel="canonical" href="/catalog/item-${i}"><link rel="stylesheet" href="/s.css"><script src="/app.js" defer></script>`;
  site.route(`/catalog/item-${i}`, {
    delayMs: DELAY_MS,
    headers: { "content-type": "text/html; charset=utf-8" },
    body: `<!doctype html><html lang="en"><head>${head}</head><body><nav><ul>${filler}</ul></nav><main><h1>Item ${i}</h1></main></body></html>`,
  });
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "iw-bench-audit-"));
const caFile = path.join(dir, "ca.pem");
fs.writeFileSync(caFile, site.ca);
const child = await bundleChild("audit", "audit-child.ts");

type Result = { ms: number; cpuMsPerUrl: number; audited: number; states: Record<string, number>; p50: number; p95: number; max: number; maxRssMB: number };
type Run = Result & { mode: string; scheme: string; peak: number; requests: number };

// Asynchronous: the site answering the child lives in this process's event loop.
function runChild(args: string[]): Promise<Result> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    proc.stdout.on("data", (d) => (out += d));
    proc.stderr.on("data", (d) => (err += d));
    proc.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop()!)) : reject(new Error(`audit child failed (${code}): ${err}`))));
  });
}

// BENCH_FIELD_ROUNDS=n: only the field history's share, robust to a loaded machine: per scheme, n rounds of a pair of
// child processes (the fields without the link graph's links, "audit-nolinks"; head only) in alternating order (AB, BA,
// ...), and the median of the rounds' paired differences, beside each mode's median. Prints its table; the recorded
// section is left alone.
const FIELD_ROUNDS = Number(process.env.BENCH_FIELD_ROUNDS ?? 0);
if (FIELD_ROUNDS > 0) {
  const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
  const lines: string[] = [];
  const loads = [os.loadavg().map((l) => l.toFixed(1)).join(" ")];
  for (let round = 0; round < FIELD_ROUNDS; round++) {
    for (const scheme of ["https", "http"]) {
      const order = round % 2 ? ["audit-nofields", "audit-nolinks"] : ["audit-nolinks", "audit-nofields"];
      const got: Record<string, number> = {};
      for (const mode of order) got[mode] = (await runChild([mode, `${scheme}://${HOST}`, String(URLS), String(PER_HOST), site.connectTo([HOST]), caFile])).cpuMsPerUrl;
      lines.push(JSON.stringify({ round, scheme, fields: got["audit-nolinks"], headOnly: got["audit-nofields"] }));
      console.error(`round ${round + 1} ${scheme}: fields ${got["audit-nolinks"].toFixed(3)}, head only ${got["audit-nofields"].toFixed(3)} CPU ms/URL`);
    }
  }
  loads.push(os.loadavg().map((l) => l.toFixed(1)).join(" "));
  const rows = lines.map((l) => JSON.parse(l) as { round: number; scheme: string; fields: number; headOnly: number });
  const table = ["https", "http"].map((scheme) => {
    const r = rows.filter((x) => x.scheme === scheme);
    const paired = r.map((x) => (100 * (x.fields - x.headOnly)) / x.headOnly);
    return `| ${scheme.toUpperCase()} | ${median(r.map((x) => x.fields)).toFixed(3)} | ${median(r.map((x) => x.headOnly)).toFixed(3)} | ${paired.map((p) => `${p >= 0 ? "+" : ""}${p.toFixed(1)}`).join(", ")} | **${median(paired) >= 0 ? "+" : ""}${median(paired).toFixed(1)} %** |`;
  });
  console.log(`${FIELD_ROUNDS} rounds of ${URLS} URLs, pairs in alternating order; load average (1, 5, 15 min) ${loads[0]} at the start, ${loads[1]} at the end.

| scheme | CPU ms per URL, with the fields, no links (median) | head only (median) | each round's difference | median difference (< +10 %) |
|---|---|---|---|---|
${table.join("\n")}`);
  await site.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

const runs: Run[] = [];
const loadStart = os.loadavg()[0];
for (const scheme of ["https", "http"]) {
  for (const mode of ["audit", "audit-nolinks", "audit-nofields", "fetch"]) {
    const before = site.requests.length;
    site.stats.maxInFlightByHost[HOST] = 0;
    const run = await runChild([mode, `${scheme}://${HOST}`, String(URLS), String(PER_HOST), site.connectTo([HOST]), caFile]);
    runs.push({ mode, scheme, ...run, peak: site.stats.maxInFlightByHost[HOST] ?? 0, requests: site.requests.length - before });
    console.error(`${scheme} ${mode}: ${(URLS / (run.ms / 1000)).toFixed(1)} URLs/s, p50 ${run.p50} ms, peak RSS ${Math.round(run.maxRssMB)} MB, CPU ${run.cpuMsPerUrl.toFixed(1)} ms/URL`);
  }
}
const loadEnd = os.loadavg()[0];
await site.close();
fs.rmSync(dir, { recursive: true, force: true });

const audits = runs.filter((r) => r.mode.startsWith("audit"));
for (const r of audits) {
  if (r.audited !== URLS || r.states["healthy/indexable"] !== URLS) throw new Error(`${r.scheme}: incomplete or unexpected outcomes ${JSON.stringify(r.states)}`);
  if (r.requests !== URLS + 1) throw new Error(`${r.scheme}: expected ${URLS + 1} requests (robots.txt once), saw ${r.requests}`);
}
if (runs.some((r) => r.peak > PER_HOST)) throw new Error(`the site saw more than ${PER_HOST} requests at once`);
const rate = (r: Run) => URLS / (r.ms / 1000);
/** CPU per URL with the fields against the head-only audit, per scheme (target: under 10 % more). */
function fieldCost(): string {
  return ["https", "http"].map((scheme) => {
    // The fields without the link graph's links (whose own share is linkCost's).
    const withFields = runs.find((r) => r.scheme === scheme && r.mode === "audit-nolinks")!;
    const headOnly = runs.find((r) => r.scheme === scheme && r.mode === "audit-nofields")!;
    const more = (100 * (withFields.cpuMsPerUrl - headOnly.cpuMsPerUrl)) / headOnly.cpuMsPerUrl;
    return `${scheme.toUpperCase()} ${withFields.cpuMsPerUrl.toFixed(2)} against ${headOnly.cpuMsPerUrl.toFixed(2)} CPU ms per URL (${more >= 0 ? "+" : ""}${more.toFixed(1)} %)`;
  }).join(", ") + " (target: under +10 %).";
}
/** CPU per URL with the links against the same audit without them (target: under 10 % more). */
function linkCost(): string {
  return ["https", "http"].map((scheme) => {
    const withLinks = runs.find((r) => r.scheme === scheme && r.mode === "audit")!;
    const without = runs.find((r) => r.scheme === scheme && r.mode === "audit-nolinks")!;
    const more = (100 * (withLinks.cpuMsPerUrl - without.cpuMsPerUrl)) / without.cpuMsPerUrl;
    return `${scheme.toUpperCase()} ${withLinks.cpuMsPerUrl.toFixed(2)} against ${without.cpuMsPerUrl.toFixed(2)} CPU ms per URL (${more >= 0 ? "+" : ""}${more.toFixed(1)} %)`;
  }).join(", ") + " (target: under +10 %).";
}
const met = (ok: boolean) => (ok ? "met" : "**NOT met**");
const row = (r: Run) =>
  `| ${r.scheme.toUpperCase()} | ${r.mode === "audit" ? "audit (runner)" : r.mode === "audit-nolinks" ? "audit, fields without the link graph's links" : r.mode === "audit-nofields" ? "audit, head only (no field history)" : "safe fetcher alone"} | ${(r.ms / 1000).toFixed(1)} | ${rate(r).toFixed(1)} | ${((100 * rate(r)) / IDEAL).toFixed(1)} % | ${r.p50} / ${r.p95} / ${r.max} | ${r.cpuMsPerUrl.toFixed(2)} | ${Math.round(r.maxRssMB)} | ${r.peak} |`;
const md = `## Audit engine (bench/audit)

${URLS.toLocaleString("en-US")} URLs of one host audited by \`createAuditRunner\` (hostConcurrency ${PER_HOST}) through the safe fetcher
(\`maxPerHost\` ${PER_HOST}) against a local test site (tests/fakes/test-site.ts: real HTTPS and HTTP servers on 127.0.0.1, reached
through CONNECT_TO, in the benchmark's own process) whose pages answer after ${DELAY_MS} ms with a ~20 KB HTML page (robots meta,
canonical); robots.txt is fetched once. Each audit: robots.txt decision, GET, head parsed as it streams, then the rest of the body (its
first MiB) read for the field history's fields (title, description, H1, hreflang, JSON-LD types, main text hash and word count, internal
links); "head only" is the audit without those fields (body destroyed after the head), as it was before the field history. Best possible: ${PER_HOST} × 1000 / ${DELAY_MS} = ${IDEAL} URLs/s. Each run is a child process of its own (peak RSS = its \`maxRSS\`).
"Safe fetcher alone" fetches the same URLs with ${PER_HOST} workers and reads each body: the floor under the audit. The safe fetcher
keeps connections alive per host (each new one passes the SSRF guard), so the handshakes happen once per connection.
Load average (1 min, ${os.cpus().length} cores shared with other work): ${loadStart.toFixed(1)} at the start, ${loadEnd.toFixed(1)} at the end.

| scheme | run | wall s | URLs/s | of ${IDEAL} | ms per URL p50 / p95 / max | CPU ms per URL (child) | peak RSS MB | max in flight at the site |
|---|---|---|---|---|---|---|---|---|
${runs.map(row).join("\n")}

- ≥ 90 % of ${IDEAL} URLs/s (${(IDEAL * 0.9).toFixed(0)}): ${audits.map((r) => `${r.scheme.toUpperCase()} ${met(rate(r) >= IDEAL * 0.9)}`).join(", ")}.
- The audit against the safe fetcher alone: ${audits.map((r) => `${r.scheme.toUpperCase()} ${((100 * rate(r)) / rate(runs.find((f) => f.mode === "fetch" && f.scheme === r.scheme)!)).toFixed(1)} %`).join(", ")}
  of its rate: the rest of the gap to ${IDEAL} URLs/s is the site's own work and the test site sharing the benchmark's process.
- The field history's cost: ${fieldCost()}
- The link graph's extraction (each page's 300 internal links resolved, canonicalised, with rel and anchor text): ${linkCost()}
- Peak RSS < 250 MB: ${met(audits.every((r) => r.maxRssMB < 250))} (${audits.map((r) => Math.round(r.maxRssMB)).join(" / ")} MB).
- Never more than ${PER_HOST} requests at once at the site (robots.txt included): ${met(runs.every((r) => r.peak <= PER_HOST))} (max ${Math.max(...runs.map((r) => r.peak))}).

Run on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`;
// A smaller BENCH_URLS run is a trial: it does not replace the recorded numbers.
if (!process.env.BENCH_URLS) writeResults("audit", md);
console.log(md);
