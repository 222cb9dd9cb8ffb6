// The load probe of issue 34 §6, reproduced: one `npm start` server (scripts/start.mjs: `next start`, in-process jobs
// on, as an operator runs it) on PostgreSQL, rate limits off (RATE_LIMIT_API_PER_MINUTE=0), a project of PROBE_URLS
// tracked URLs (10,000 by default), autocannon with 32 connections on each route against the bare route
// GET /api/ping in the same run. The pages are asked as the URL table asks them (lib/queries/urls.ts: the filters,
// then `offset=0&limit=50`; Accept: application/json and a browser's Accept-Encoding), the first page again and again.
// Unlike bench:api-overhead (100,000 URLs, limits counted, x-api-key, `?limit=50` without Accept-Encoding) this is
// how a user's browser loads the pages. PROBE_AUTH=cookie signs in with a session cookie instead of x-api-key;
// PROBE_ENCODING=identity drops the browser's Accept-Encoding (for comparison). The two pages are also measured on a second
// `npm start` with GZIP_ANSWER_CACHE_MB=0 (Next.js compresses every answer: as before lib/api/gzip-answers.ts; PROBE_BEFORE=0: not).
// Each route's PROBE_DURATION seconds are measured in PROBE_WINDOWS (5) short windows, each between two windows of the bare
// route, and a round's ratio is the median of the windows' ratios (issue 34 §6's probe ran the route for 10 s between two
// 10 s runs of the bare route; on a shared machine the bare route drifted by half within one round).
// Usage: npm run bench:api-probe   (PROBE_DURATION s per route, PROBE_ROUNDS rounds; BENCH_DATABASE_URL / DATABASE_URL;
// PROBE_ROUTES=urls,filtered to measure a subset; BENCH_DB_NAME names its database, iw_bench_api_probe by default).
// Prints a markdown table; writes nothing.
import { spawn } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";
import { cli, ensureBuilt, freshDatabase, ROOT } from "../lib.mjs";
import { seedBenchProject } from "./seed-project.ts";

const PORT = Number(process.env.PROBE_PORT ?? 3211);
const DURATION = Number(process.env.PROBE_DURATION ?? 10);
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.PROBE_CONNECTIONS ?? 32);
const URLS = Number(process.env.PROBE_URLS ?? 10_000);
// Each route's DURATION is measured in WINDOWS interleaved windows (see the rounds below).
const WINDOWS = Number(process.env.PROBE_WINDOWS ?? 5);
const WINDOW = DURATION / WINDOWS;
const PROJECT_ID = "0a0a0a0a-0000-4000-8000-000000000002";
const DOMAIN = "probe-shop.example";

const DATABASE_URL = await freshDatabase(process.env.BENCH_DB_NAME ?? "iw_bench_api_probe");
ensureBuilt();
const env = { DATABASE_URL, RATE_LIMIT_API_PER_MINUTE: "0", RATE_LIMIT_API_BURST: "0" };
const { organizationId } = cli(env, "user:create", "--email", "probe@example.test");
const { key } = cli(env, "api-key:create", "--email", "probe@example.test", "--org", organizationId, "--scopes", "user:read,projects:read,projects:write,organization:read");
const { sessionToken } = cli(env, "session:create", "--email", "probe@example.test");

const { tracked, filteredTotal } = await seedBenchProject(DATABASE_URL, { organizationId, projectId: PROJECT_ID, domain: DOMAIN, count: URLS });

// How the app's pages ask (lib/queries/fetch-api.ts): Accept JSON, and the browser's own Accept-Encoding.
const auth = process.env.PROBE_AUTH === "cookie" ? { cookie: `next-auth.session-token=${sessionToken}` } : { "x-api-key": key };
const browser = { accept: "application/json", ...(process.env.PROBE_ENCODING === "identity" ? {} : { "accept-encoding": "gzip, deflate, br, zstd" }) };
const project = `/api/user/organizations/${organizationId}/projects/${PROJECT_ID}`;
const ROUTES = [
  { id: "me", label: "GET /api/user/me", path: "/api/user/me", target: 0.6 },
  { id: "project", label: "GET …/projects/{id}", path: project, target: 0.6 },
  { id: "stats", label: "GET …/projects/{id}/stats", path: `${project}/stats`, target: 0.6 },
  { id: "urls", label: "GET …/urls?offset=0&limit=50", path: `${project}/urls?offset=0&limit=50`, target: 0.5 },
  { id: "filtered", label: "GET …/urls?healthState=client_error&offset=0&limit=50", path: `${project}/urls?healthState=client_error&offset=0&limit=50`, target: 0.5 },
  {
    id: "admit", label: "POST …/projects/{id}/urls (20 tracked)", path: `${project}/urls`, target: 0.5,
    method: "POST", body: JSON.stringify({ urls: tracked }), headers: { "content-type": "application/json" },
  },
  // The same two pages on a second `npm start` with GZIP_ANSWER_CACHE_MB=0: Next.js compresses every answer, as before
  // lib/api/gzip-answers.ts (PROBE_BEFORE=0 leaves them out).
  ...(process.env.PROBE_BEFORE === "0" ? [] : [
    { id: "urls-before", label: "GET …/urls?offset=0&limit=50, kept gzip off (as before)", path: `${project}/urls?offset=0&limit=50`, server: "before" },
    { id: "filtered-before", label: "GET …/urls?healthState=client_error&offset=0&limit=50, kept gzip off (as before)", path: `${project}/urls?healthState=client_error&offset=0&limit=50`, server: "before" },
  ]),
].filter((r) => !process.env.PROBE_ROUTES || process.env.PROBE_ROUTES.split(",").includes(r.id));
const BARE = { id: "ping", label: "GET /api/ping (bare)", path: "/api/ping" };

// `npm start` as an operator runs it: the in-process jobs stay on (no DISABLE_IN_PROCESS_JOBS).
function npmStart(port, extra = {}) {
  const serverEnv = { ...process.env, ...env, ...extra, PORT: String(port) };
  delete serverEnv.DISABLE_IN_PROCESS_JOBS;
  return spawn(process.execPath, ["scripts/start.mjs"], { cwd: ROOT, env: serverEnv, stdio: ["ignore", "ignore", "inherit"], detached: true });
}
const server = npmStart(PORT);
const servers = { main: { port: PORT, proc: server } };
if (ROUTES.some((r) => r.server === "before")) servers.before = { port: PORT + 1, proc: npmStart(PORT + 1, { GZIP_ANSWER_CACHE_MB: "0" }) };
const stop = () => { for (const { proc } of Object.values(servers)) try { process.kill(-proc.pid, "SIGTERM"); } catch { /* gone */ } };
const portOf = (r) => servers[r.server ?? "main"].port;
try {
  for (const { port } of Object.values(servers)) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      try { if ((await fetch(`http://127.0.0.1:${port}/api/ping`)).ok) break; } catch { /* not up yet */ }
      if (Date.now() > deadline) throw new Error("npm start did not answer within 60 s");
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  const headersOf = (r) => ({ ...browser, ...(r === BARE ? {} : auth), ...r.headers });
  for (const r of ROUTES) {
    const res = await fetch(`http://127.0.0.1:${portOf(r)}${r.path}`, { method: r.method ?? "GET", body: r.body, headers: { ...auth, ...r.headers } });
    if (!res.ok) throw new Error(`${r.label}: HTTP ${res.status} ${await res.text()}`);
    const body = await res.json();
    if (r.id.startsWith("urls") && (body.data.length !== 50 || body.meta.total !== URLS)) throw new Error(`urls: ${body.data.length} rows, total ${body.meta.total}`);
    if (r.id.startsWith("filtered") && (body.data.length !== Math.min(50, filteredTotal) || body.meta.total !== filteredTotal)) throw new Error(`filtered: ${body.data.length} rows, total ${body.meta.total}`);
  }
  // A page sent gzip (fetch decodes it) is byte for byte the page sent plain, however often it is asked.
  for (const r of ROUTES.filter((x) => x.id.startsWith("urls") || x.id.startsWith("filtered"))) {
    const text = async (encoding) => (await fetch(`http://127.0.0.1:${portOf(r)}${r.path}`, { headers: { ...auth, "accept-encoding": encoding } })).text();
    const plain = await text("identity");
    for (let i = 0; i < 3; i++) if ((await text("gzip, deflate, br, zstd")) !== plain) throw new Error(`${r.label}: the gzip answer differs from the plain one`);
  }
  // CPU (user + system, ms) of the server's process tree (start.mjs and the `next start` under it), from /proc (Linux).
  const tree = (pid) => {
    let kids = [];
    try { kids = fs.readdirSync(`/proc/${pid}/task`).flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/).filter(Boolean)); } catch { /* gone */ }
    return [pid, ...kids.flatMap((k) => tree(Number(k)))];
  };
  const cpuMs = (proc) => tree(proc.pid).reduce((sum, pid) => {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return sum + (Number(f[11]) + Number(f[12])) * 10;
    } catch { return sum; }
  }, 0);
  const measure = async (r, warm, duration = DURATION) => {
    const { port, proc } = servers[r.server ?? "main"];
    const opts = { url: `http://127.0.0.1:${port}${r.path}`, method: r.method ?? "GET", body: r.body, headers: headersOf(r), connections: CONNECTIONS };
    if (warm) await autocannon({ ...opts, duration: 3 });
    const cpu0 = cpuMs(proc);
    const res = await autocannon({ ...opts, duration });
    const cpu = (cpuMs(proc) - cpu0) / Math.max(1, res.requests.total);
    if (res.non2xx) throw new Error(`${r.label}: ${res.non2xx} non-2xx answers`);
    return { rps: res.requests.average, total: res.requests.total, p50: res.latency.p50, p99: res.latency.p99, bytes: res.throughput.average / Math.max(1, res.requests.average), cpu };
  };
  const ratios = Object.fromEntries(ROUTES.map((r) => [r.id, []]));
  const last = {};
  // A route's DURATION is cut into WINDOWS windows, each between two windows of the bare route (bare, route, bare, …,
  // route, bare): a window's ratio is its req/s over the mean of its two neighbours, and the round's ratio the median of
  // its windows' ratios, so that a drift of the shared machine within the run (the bare route moved between 416 and
  // 636 req/s within one round of 10 s runs) falls on both sides and one disturbed window does not decide the round.
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const sumUp = (runs) => {
    const n = runs.reduce((s, x) => s + x.total, 0);
    const mid = [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
    return { rps: runs.reduce((s, x) => s + x.rps, 0) / runs.length, p50: mid.p50, p99: mid.p99, bytes: mid.bytes, cpu: runs.reduce((s, x) => s + x.cpu * x.total, 0) / Math.max(1, n) };
  };
  const bareRuns = [];
  for (let i = 0; i < ROUNDS; i++) {
    const bareRps = [];
    for (const r of ROUTES) {
      const bare = [await measure(BARE, i === 0, WINDOW)];
      const runs = [];
      for (let w = 0; w < WINDOWS; w++) {
        runs.push(await measure(r, i === 0 && w === 0, WINDOW));
        bare.push(await measure(BARE, false, WINDOW));
      }
      ratios[r.id].push(median(runs.map((x, w) => x.rps / ((bare[w].rps + bare[w + 1].rps) / 2))));
      last[r.id] = sumUp(runs);
      bareRuns.push(...bare);
      bareRps.push(`${Math.min(...bare.map((b) => b.rps)).toFixed(0)}-${Math.max(...bare.map((b) => b.rps)).toFixed(0)}`);
    }
    console.log(`round ${i + 1}: bare ${bareRps.join(", ")} req/s around each route; ${ROUTES.map((r) => `${r.id} ${(ratios[r.id].at(-1) * 100).toFixed(1)} %`).join(", ")}`);
  }
  last.ping = sumUp(bareRuns);
  const pc = (x) => `${(x * 100).toFixed(1)} %`;
  const worst = (id) => Math.min(...ratios[id]);
  const row = (r) => `| ${r.label} | ${last[r.id].rps.toFixed(0)} | ${last[r.id].p50} | ${last[r.id].p99} | ${(last[r.id].bytes / 1024).toFixed(1)} | ${last[r.id].cpu.toFixed(2)} | ${r === BARE ? "" : ratios[r.id].map(pc).join(", ")} | ${r.target ? `≥ ${r.target * 100} %: ${worst(r.id) >= r.target ? "met" : "NOT met"}` : ""} |`;
  console.log(`
Probe: \`npm start\`, rate limits off, ${URLS.toLocaleString("en")} URLs (filtered page: ${filteredTotal.toLocaleString("en")} matching), ${CONNECTIONS} connections × ${DURATION} s in ${WINDOWS} windows between the bare route's, ${ROUNDS} rounds,
${process.env.PROBE_AUTH === "cookie" ? "session cookie" : "x-api-key"}, headers ${JSON.stringify(browser)}; load average ${(await import("node:fs")).readFileSync("/proc/loadavg", "utf8").trim()}

| route | req/s (last round) | p50 ms | p99 ms | KB on the wire | app CPU ms a request (last round) | of the bare route, each round | target (every round) |
|---|---|---|---|---|---|---|---|
${row(BARE)}
${ROUTES.map(row).join("\n")}`);
  if (ROUTES.some((r) => r.target && worst(r.id) < r.target)) process.exitCode = 1;
} finally {
  stop();
}
