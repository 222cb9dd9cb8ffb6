// Throughput of an authenticated GET /api/user/me (x-api-key) against a bare constant route of the
// same app, both under `next start`, measured with autocannon in one run. Target: ≥ 60 %.
// Then the latency the rate-limit check adds (target < 1 ms p95): sequential requests to /api/user/me
// on the same build with the limits counted in PostgreSQL, in Redis, and off.
// Usage: npm run bench:api-overhead   (uses BENCH_DATABASE_URL / DATABASE_URL or local PostgreSQL;
// BENCH_REDIS_URL or redis://127.0.0.1:6379 for the Redis case)
import http from "node:http";
import autocannon from "autocannon";
import { cli, ensureBuilt, freshDatabase, startApp, writeResults } from "../lib.mjs";

const PORT = 3201, PORT_REDIS = 3202, PORT_OFF = 3203;
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 2000);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

const DATABASE_URL = await freshDatabase("iw_bench_api_overhead");
ensureBuilt();
// The limits are counted on every request but set too high to refuse one: both windows (minute and
// burst) stay on, as in production, so each request pays the same store round trips.
const counted = { RATE_LIMIT_API_PER_MINUTE: "2000000000", RATE_LIMIT_API_BURST: "1000000000", RATE_LIMIT_KEY_PREFIX: `bench-${Date.now()}` };
const env = { DATABASE_URL, ...counted };
const { organizationId } = cli(env, "user:create", "--email", "bench@example.test");
const { key } = cli(env, "api-key:create", "--email", "bench@example.test", "--org", organizationId, "--scopes", "user:read");
const apps = [
  await startApp(env, PORT),
  await startApp({ ...env, REDIS_URL }, PORT_REDIS),
  await startApp({ ...env, RATE_LIMIT_API_PER_MINUTE: "0" }, PORT_OFF),
];

async function measure(path, headers = {}) {
  await autocannon({ url: `http://127.0.0.1:${PORT}${path}`, headers, connections: CONNECTIONS, duration: 3 }); // warm-up
  const r = await autocannon({ url: `http://127.0.0.1:${PORT}${path}`, headers, connections: CONNECTIONS, duration: DURATION });
  if (r.non2xx || r.errors) throw new Error(`${path}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total };
}

// One request at a time on one kept-alive connection: the latency of a request, not of a queue.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function timedGet(port, path, headers) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    http.get({ host: "127.0.0.1", port, path, headers, agent }, (res) => {
      res.resume();
      res.on("end", () => (res.statusCode === 200 ? resolve(performance.now() - t) : reject(new Error(`${path} on ${port}: HTTP ${res.statusCode}`))));
    }).on("error", reject);
  });
}
async function latencies(port, path, headers) {
  for (let i = 0; i < 200; i++) await timedGet(port, path, headers); // warm-up
  const xs = [];
  for (let i = 0; i < SAMPLES; i++) xs.push(await timedGet(port, path, headers));
  return xs;
}
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

// The two routes alternate over three rounds and the median ratio is kept, so that load from
// elsewhere on the machine during one measurement does not decide the result.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const bareRound = await measure("/api/ping");
    const meRound = await measure("/api/user/me", { "x-api-key": key });
    rounds.push({ bare: bareRound, me: meRound, ratio: meRound.rps / bareRound.rps });
    console.log(`round ${i + 1}: bare ${bareRound.rps.toFixed(0)} req/s, me ${meRound.rps.toFixed(0)} req/s, ratio ${(rounds[i].ratio * 100).toFixed(1)} %`);
  }
  const mid = rounds.find((r) => r.ratio === median(rounds.map((x) => x.ratio)));
  const { bare, me, ratio } = mid;

  // Latency: the three servers alternate per round; each case's samples are pooled over the rounds.
  const cases = { pg: [], redis: [], off: [], ping: [] };
  const auth = { "x-api-key": key };
  for (let i = 0; i < ROUNDS; i++) {
    cases.off.push(...(await latencies(PORT_OFF, "/api/user/me", auth)));
    cases.pg.push(...(await latencies(PORT, "/api/user/me", auth)));
    cases.redis.push(...(await latencies(PORT_REDIS, "/api/user/me", auth)));
    cases.ping.push(...(await latencies(PORT, "/api/ping", {})));
  }
  const lat = Object.fromEntries(Object.entries(cases).map(([k, xs]) => [k, { p50: pct(xs, 50), p95: pct(xs, 95), p99: pct(xs, 99) }]));
  const added = { pg: lat.pg.p95 - lat.off.p95, redis: lat.redis.p95 - lat.off.p95 };
  const ms = (x) => x.toFixed(2);
  const latRow = (n, l) => `| ${n} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.p99)} |`;
  const metLatency = added.pg < 1 && added.redis < 1;

  const row = (n, m) => `| ${n} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.total} |`;
  const md = `## API overhead (bench/api-overhead)

Authenticated \`GET /api/user/me\` with \`x-api-key\` against the bare constant route \`GET /api/ping\`, same
\`next start\` server on PostgreSQL, autocannon ${CONNECTIONS} connections × ${DURATION} s after a 3 s warm-up, machine: 2 cores shared by server, PostgreSQL and autocannon.
Every authenticated request is counted by the rate limits (per API key: the shared minute window in PostgreSQL, the burst window in memory; limits set too high to refuse) and carries its role (the key lookup joins the membership: no second query for the organization).

| route | req/s | p50 ms | p99 ms | requests |
|---|---|---|---|---|
${row("GET /api/ping (bare)", bare)}
${row("GET /api/user/me (x-api-key)", me)}

Median ratio of ${ROUNDS} alternating rounds (the row above is that round): **${(ratio * 100).toFixed(1)} %** of the bare
route's throughput (target ≥ 60 %): ${ratio >= 0.6 ? "met" : "NOT met"}. All rounds: ${rounds.map((r) => (r.ratio * 100).toFixed(1) + " %").join(", ")}.

Latency of one request at a time (one kept-alive connection, ${ROUNDS} × ${SAMPLES} requests per case, servers alternating), same build:

| case | p50 ms | p95 ms | p99 ms |
|---|---|---|---|
${latRow("GET /api/ping (bare)", lat.ping)}
${latRow("GET /api/user/me, rate limits off", lat.off)}
${latRow("GET /api/user/me, counted in PostgreSQL", lat.pg)}
${latRow("GET /api/user/me, counted in Redis", lat.redis)}

The rate-limit check adds **${ms(added.pg)} ms** p95 with PostgreSQL and **${ms(added.redis)} ms** with Redis (target < 1 ms): ${metLatency ? "met" : "NOT met"}.
Run on ${new Date().toISOString().slice(0, 10)}.`;
  writeResults("api-overhead", md);
  console.log(md);
  if (ratio < 0.6 || !metLatency) process.exitCode = 1;
} finally {
  for (const app of apps) app.kill();
}
