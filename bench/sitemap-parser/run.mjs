// Sitemap parser benchmark: our streaming parser (lib/sitemaps/parse) against the `sitemapper`
// package on the same generated files, both fetching them from one local HTTP server on 127.0.0.1.
// Each (parser, input) run happens in its own child process so its peak RSS is its own.
//   npm run bench:sitemap-parser            (BENCH_RUNS=n, default 3: best wall time of n per cell)
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { ROOT, writeResults } from "../lib.mjs";
import { generate } from "./generate.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MB = 1024 * 1024;

function serve(dir) {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, path.basename(new URL(req.url, "http://x").pathname));
    if (!fs.existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/xml", "content-length": fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function runWorker(parser, url) {
  const args =
    parser === "ours"
      ? [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(import.meta.dirname, "worker-ours.ts"), url]
      : [path.join(import.meta.dirname, "worker-sitemapper.mjs"), url];
  // The server lives in this process, so the child must not block it: spawnSync would deadlock.
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop())) : reject(new Error(`${parser} worker exited ${code}`))));
  });
}

// Runs alternate between the parsers so load from other processes hits both alike.
async function measure(url, expected) {
  const best = {};
  for (let i = 0; i < RUNS; i++) {
    for (const parser of ["ours", "sitemapper"]) {
      const r = await runWorker(parser, url);
      if (r.count !== expected) throw new Error(`${parser} counted ${r.count} URLs, expected ${expected}`);
      if (!best[parser] || r.wallMs < best[parser].wallMs) best[parser] = r;
    }
  }
  for (const r of Object.values(best)) Object.assign(r, { urlsPerSec: expected / (r.wallMs / 1000), rssDelta: r.maxRss - r.rssStart });
  return best;
}

const checkpoints = (r) => [1, 5, 10, 20].map((n) => fmt(r.maxRssByChild[n - 1] / MB)).join(" / ");
const fmt = (n, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-sitemap-parser-"));
  const server = await serve(dir);
  const origin = `http://127.0.0.1:${server.address().port}`;
  try {
    const t0 = performance.now();
    const inputs = generate(dir, { origin });
    console.log(`generated inputs in ${fmt((performance.now() - t0) / 1000, 1)} s into ${dir}`);
    const rows = [];
    for (const [label, input] of [["50,000-URL sitemap", inputs.single], ["1,000,000-URL index (20 × 50,000)", inputs.index]]) {
      const result = await measure(`${origin}/${input.file}`, input.urls);
      for (const parser of ["ours", "sitemapper"]) {
        const r = result[parser];
        console.log(`${label} · ${parser}: ${fmt(r.wallMs / 1000, 2)} s, ${fmt(r.urlsPerSec)} URLs/s, peak RSS ${fmt(r.maxRss / MB)} MB (+${fmt(r.rssDelta / MB)} MB)`);
      }
      rows.push({ label, input, ...result });
    }
    writeResults("sitemap-parser", report(rows));
    console.log("results written to docs/benchmarks.md");
  } finally {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function report(rows) {
  const line = (row, parser) => {
    const r = row[parser];
    return `| ${row.label} | ${parser === "ours" ? "ours (saxes, streaming)" : "sitemapper"} | ${fmt(r.wallMs / 1000, 2)} | ${fmt(r.urlsPerSec)} | ${fmt(r.maxRss / MB)} | ${fmt(r.rssDelta / MB)} |`;
  };
  const [small, large] = rows;
  const speedup = (row) => fmt(row.ours.urlsPerSec / row.sitemapper.urlsPerSec, 1);
  return [
    "## Sitemap parser (`npm run bench:sitemap-parser`)",
    "",
    `Run ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} CPUs, best of ${RUNS} run(s) per cell. ` +
      `Inputs are generated into a temp dir (${fmt(small.input.bytes / MB, 1)} MB single file, ${fmt(large.input.bytes / MB, 1)} MB for the index and its children) ` +
      "and served by a local HTTP server on 127.0.0.1; both parsers fetch them from it. Each cell runs in its own child process: " +
      "peak RSS is the process's `maxRSS`, delta is peak minus RSS after module loading. Ours walks index children one at a time and " +
      "counts entries as they stream (loc validated, lastmod parsed to a Date); sitemapper runs with defaults (concurrency 10, loc strings only) " +
      "and returns the whole list.",
    "",
    "| Input | Parser | Wall (s) | URLs/s | Peak RSS (MB) | RSS delta (MB) |",
    "|---|---|---:|---:|---:|---:|",
    line(small, "ours"),
    line(small, "sitemapper"),
    line(large, "ours"),
    line(large, "sitemapper"),
    "",
    `Speed vs sitemapper: ${speedup(small)}× on 50,000 URLs, ${speedup(large)}× on 1,000,000 (target ≥ 3×). ` +
      `Memory in the input size: ours +${fmt(small.ours.rssDelta / MB)} MB at 50,000 URLs vs +${fmt(large.ours.rssDelta / MB)} MB at 1,000,000 (20× the input); ` +
      `sitemapper +${fmt(small.sitemapper.rssDelta / MB)} MB vs +${fmt(large.sitemapper.rssDelta / MB)} MB. ` +
      `Within ours' 1,000,000-URL run, peak RSS was ${checkpoints(large.ours)} MB after 1, 5, 10 and 20 children (${fmt(large.ours.rssStart / MB)} MB at start).`,
  ].join("\n");
}

await main();
