// Removals at their limit (issue 25): 10,000 URLs of 150 characters declared at once against a production build, by
// each way in: `urls` in the JSON body (1.5 MB), `filter` (every URL the URL list's filters match), and a file
// (POST …/removals/import: the preview, then the declaration, one batch per intent); each declaration is cancelled
// before the next. Then time to removal beside time to index (GET …/metrics/indexing) on a project whose 10,000
// removal URLs were dropped. Sequential requests with a session, timed to the last byte, after one warm-up.
// Usage: npm run bench:removals   (BENCH_RUNS=5, BENCH_PORT=3262, NEXT_DIST_DIR, BENCH_REBUILD=1; BENCH_DATABASE_URL / DATABASE_URL)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { cli, freshDatabase, ROOT, startApp, writeResults } from "../lib.mjs";

const N = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3262);
const DIST = process.env.NEXT_DIST_DIR || ".next";
const PROJECT = "0a0a0a0a-0000-4000-8000-000000002501";
const DOMAIN = "bench-removals.example";
const url = (i: number) => `https://${DOMAIN}/products/${String(i).padStart(5, "0")}-${"retired-range-".repeat(8)}`.padEnd(150, "x");

if (!fs.existsSync(path.join(ROOT, DIST, "BUILD_ID")) || process.env.BENCH_REBUILD) {
  const r = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_DIST_DIR: DIST } });
  if (r.status !== 0) throw new Error("next build failed");
}
const DATABASE_URL = await freshDatabase("iw_bench_removals");
const env = { DATABASE_URL, NEXT_DIST_DIR: DIST, RATE_LIMIT_API_PER_MINUTE: "2000000000", RATE_LIMIT_API_BURST: "1000000000", RATE_LIMIT_KEY_PREFIX: `bench-removals-${Date.now()}` };
const { organizationId } = cli(env, "user:create", "--email", "bench-removals@example.test");
const { sessionToken } = cli(env, "session:create", "--email", "bench-removals@example.test");

const seeder = new pg.Client({ connectionString: DATABASE_URL });
await seeder.connect();
await seeder.query(
  `INSERT INTO projects (id, organization_id, name, domain, live_domain, sitemap_url, updated_at) VALUES ($1, $2, $3, $3, $3, 'https://' || $3 || '/sitemap.xml', now())`,
  [PROJECT, organizationId, DOMAIN],
);
await seeder.query(
  `INSERT INTO tracked_urls (id, organization_id, project_id, url, source, stale_at, updated_at)
   SELECT gen_random_uuid(), $1, $2, u, 'import', now(), now() FROM unnest($3::text[]) AS u`,
  [organizationId, PROJECT, Array.from({ length: N }, (_, i) => url(i))],
);

const app = await startApp(env, PORT);
const base = `http://127.0.0.1:${PORT}/api/user/organizations/${organizationId}/projects/${PROJECT}`;
const auth = { authorization: `Bearer ${sessionToken}` };

async function timed(label: string, send: () => Promise<Response>, expectStatus: number, after?: (data: { id: string; removals: { id: string }[] }) => Promise<void>) {
  const ms: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    const res = await send();
    const body = await res.json();
    const took = performance.now() - started;
    if (res.status !== expectStatus) throw new Error(`${label}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    if (i > 0) ms.push(took); // the first is the warm-up
    await after?.(body.data);
  }
  ms.sort((a, b) => a - b);
  return { label, runs: ms.length, p50: ms[Math.floor(ms.length / 2)], max: ms[ms.length - 1] };
}
const cancel = async (ids: string[]) => {
  for (const id of ids) {
    const res = await fetch(`${base}/removals/${id}`, { method: "DELETE", headers: auth });
    if (!res.ok) throw new Error(`cancel ${res.status}`);
  }
};
const json = (body: unknown) => ({ method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify(body) });
const INTENTS = ["gone", "redirected", "noindexed", "blocked"];
const csv = `url,intent,redirect target\n${Array.from({ length: N }, (_, i) => `${url(i)},${INTENTS[i % 4]},${i % 4 === 1 ? `https://new-${DOMAIN}/p/${i}` : ""}`).join("\n")}\n`;
const upload = () => ({ method: "POST", headers: { ...auth, "content-type": "text/csv" }, body: csv });

const rows = [];
try {
  const urlsBody = { urls: Array.from({ length: N }, (_, i) => url(i)), intent: "gone" };
  rows.push(await timed(`POST …/removals, ${N.toLocaleString("en-US")} \`urls\` (${(JSON.stringify(urlsBody).length / 1e6).toFixed(1)} MB of JSON)`,
    () => fetch(`${base}/removals`, json(urlsBody)), 201, (d) => cancel([d.id])));
  rows.push(await timed(`POST …/removals, \`filter: {isStale: "true"}\` (${N.toLocaleString("en-US")} matching)`,
    () => fetch(`${base}/removals`, json({ filter: { isStale: "true" }, intent: "gone" })), 201, (d) => cancel([d.id])));
  rows.push(await timed(`POST …/removals/import?preview=true, a ${(csv.length / 1e6).toFixed(1)} MB CSV of ${N.toLocaleString("en-US")} rows, 4 intents`,
    () => fetch(`${base}/removals/import?preview=true`, upload()), 200));
  rows.push(await timed("POST …/removals/import, the same file declared (4 batches)",
    () => fetch(`${base}/removals/import`, upload()), 201, (d) => cancel(d.removals.map((r) => r.id))));

  // 10,000 URLs dropped by both engines over the last 30 days.
  await seeder.query(`UPDATE removal_urls SET state = 'removed', active_tracked_url_id = NULL, declared_at = now() - interval '40 days',
    engine_a_removed_at = now() - interval '40 days' + (random() * interval '30 days'), engine_b_removed_at = now() - interval '35 days' + (random() * interval '30 days'),
    removed_at = NULL WHERE project_id = $1 AND batch_id = (SELECT id FROM removal_batches WHERE project_id = $1 ORDER BY created_at DESC LIMIT 1)`, [PROJECT]);
  await seeder.query(`UPDATE removal_urls SET removed_at = greatest(engine_a_removed_at, engine_b_removed_at) WHERE project_id = $1 AND state = 'removed'`, [PROJECT]);
  const get = () => fetch(`${base}/metrics/indexing?days=30`, { headers: auth });
  const check = await (await get()).json();
  if (check.data.timeToRemoval.engineB.removed < 1) throw new Error(`no time to removal: ${JSON.stringify(check.data.timeToRemoval)}`);
  rows.push(await timed(`GET …/metrics/indexing?days=30 (time to index on ${N.toLocaleString("en-US")} URLs, time to removal on ${N.toLocaleString("en-US")} removal URLs)`, get, 200));
} finally {
  app.kill();
  await seeder.end();
}

const load = os.loadavg()[0].toFixed(2);
const NOTE = [
  "By the time to removal request the project holds 180,000 removal rows (the cancelled declarations keep theirs), 10,000 of them dropped in the window.",
  "Where the time goes: the time-to-removal statement first unnested every row into its three per-engine values and filtered afterwards (EXPLAIN ANALYZE,",
  "same data and load: 1,360 ms); it now keeps only rows dropped in the window before that (292 ms under that load, a fraction of the request at a calmer",
  "moment). Declaring is one transaction: the existence check, the batch, one INSERT … SELECT from a JSON recordset and the counts; the file's preview is",
  "the URL imports' parser and one lookup of the URLs.",
].join(" ");
writeResults("removals", [
  "## Removals at their limit (bench/removals)",
  "",
  `\`npm run bench:removals\`: one project of ${N.toLocaleString("en-US")} tracked URLs of 150 characters in local PostgreSQL, \`next start\`, a session; each way`,
  `of declaring takes all of them at once (each declaration cancelled before the next), ${RUNS} sequential requests after one warm-up, timed to the last byte.`,
  `Load average (1 min) at the end of the run: ${load} on ${os.cpus().length} cores, shared with other work.`,
  "",
  "| request | runs | p50 ms | max ms |",
  "|---|---|---|---|",
  ...rows.map((r) => `| ${r.label} | ${r.runs} | ${Math.round(r.p50)} | ${Math.round(r.max)} |`),
  "",
  NOTE,
].join("\n"));
console.log(rows);
