// Throughput of an authenticated GET /api/user/me (x-api-key) against a bare constant route of the
// same app, both under `next start`, measured with autocannon in one run. Target: ≥ 60 %.
// Usage: npm run bench:api-overhead   (uses BENCH_DATABASE_URL / DATABASE_URL or local PostgreSQL)
import autocannon from "autocannon";
import { cli, ensureBuilt, freshDatabase, startApp, writeResults } from "../lib.mjs";

const PORT = 3201;
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const DATABASE_URL = await freshDatabase("iw_bench_api_overhead");
ensureBuilt();
const env = { DATABASE_URL };
const { organizationId } = cli(env, "user:create", "--email", "bench@example.test");
const { key } = cli(env, "api-key:create", "--email", "bench@example.test", "--org", organizationId, "--scopes", "user:read");
const app = await startApp(env, PORT);

async function measure(path, headers = {}) {
  await autocannon({ url: `http://127.0.0.1:${PORT}${path}`, headers, connections: CONNECTIONS, duration: 3 }); // warm-up
  const r = await autocannon({ url: `http://127.0.0.1:${PORT}${path}`, headers, connections: CONNECTIONS, duration: DURATION });
  if (r.non2xx || r.errors) throw new Error(`${path}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total };
}

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
  const row = (n, m) => `| ${n} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.total} |`;
  const md = `## API overhead (bench/api-overhead)

Authenticated \`GET /api/user/me\` with \`x-api-key\` against the bare constant route \`GET /api/ping\`, same
\`next start\` server on PostgreSQL, autocannon ${CONNECTIONS} connections × ${DURATION} s after a 3 s warm-up, machine: 2 cores shared by server, PostgreSQL and autocannon.

| route | req/s | p50 ms | p99 ms | requests |
|---|---|---|---|---|
${row("GET /api/ping (bare)", bare)}
${row("GET /api/user/me (x-api-key)", me)}

Median ratio of ${ROUNDS} alternating rounds (the row above is that round): **${(ratio * 100).toFixed(1)} %** of the bare
route's throughput (target ≥ 60 %): ${ratio >= 0.6 ? "met" : "NOT met"}. All rounds: ${rounds.map((r) => (r.ratio * 100).toFixed(1) + " %").join(", ")}.
Run on ${new Date().toISOString().slice(0, 10)}.`;
  writeResults("api-overhead", md);
  console.log(md);
  if (ratio < 0.6) process.exitCode = 1;
} finally {
  app.kill();
}
