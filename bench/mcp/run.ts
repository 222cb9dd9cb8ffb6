// MCP under load (issue 26): 20 concurrent MCP sessions (the SDK's own client over Streamable HTTP, each with its own
// connection) calling get_project_overview against a production build, beside the same overview data read over REST by
// 20 concurrent clients (GET the project and its coverage, and the full set the tool reads: project, stats, coverage,
// open issues). Every answer is checked; any error fails the run. Latency is per overview (per tool call, or per set of
// REST requests sent together), p50 and p95.
// Usage: NEXT_DIST_DIR=.next-<name> npm run bench:mcp   (BENCH_URLS=100000,1000 (project sizes), BENCH_SESSIONS=20, BENCH_CALLS=10 per session and round,
// BENCH_ROUNDS=3, BENCH_PORT=3261, BENCH_REBUILD=1; BENCH_DATABASE_URL / DATABASE_URL or local PostgreSQL)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { cli, freshDatabase, ROOT, startApp, writeResults } from "../lib.mjs";
import { seedIssues, seedUrls } from "../urls/seed.ts";

// Project sizes: on a large one the coverage counts dominate; on a small one what MCP adds over REST shows.
const SIZES = (process.env.BENCH_URLS ?? "100000,1000").split(",").map(Number).filter((n) => n > 0);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 20);
const CALLS = Number(process.env.BENCH_CALLS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3261);
const DIST = process.env.NEXT_DIST_DIR || ".next";
const projectIdOf = (i: number) => `0a0a0a0a-0000-4000-8000-0000000026${String(i).padStart(2, "0")}`;

function ensureBuilt() {
  if (fs.existsSync(path.join(ROOT, DIST, "BUILD_ID")) && !process.env.BENCH_REBUILD) return;
  const r = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_DIST_DIR: DIST } });
  if (r.status !== 0) throw new Error("next build failed");
}

const DATABASE_URL = await freshDatabase("iw_bench_mcp");
ensureBuilt();
// Counted on every request as in production, set too high to refuse one (api-overhead does the same).
const env = { DATABASE_URL, NEXT_DIST_DIR: DIST, RATE_LIMIT_API_PER_MINUTE: "2000000000", RATE_LIMIT_API_BURST: "1000000000", RATE_LIMIT_KEY_PREFIX: `bench-mcp-${Date.now()}` };
const { organizationId } = cli(env, "user:create", "--email", "bench-mcp@example.test");
const { key } = cli(env, "api-key:create", "--email", "bench-mcp@example.test", "--org", organizationId, "--scopes", "projects:read,organization:read");

const seeder = new pg.Client({ connectionString: DATABASE_URL });
await seeder.connect();
for (const [i, count] of SIZES.entries()) {
  const target = { organizationId, projectId: projectIdOf(i), domain: `bench-mcp-${i}.example`, count };
  await seeder.query(
    `INSERT INTO projects (id, organization_id, name, domain, live_domain, sitemap_url, updated_at) VALUES ($1, $2, $3, $3, $3, 'https://' || $3 || '/sitemap.xml', now())`,
    [target.projectId, organizationId, target.domain],
  );
  await seedUrls(seeder, target);
  await seedIssues(seeder, target);
}
for (const table of ["tracked_urls", "issues", "issue_url_memberships", "open_issue_urls", "website_stats"]) await seeder.query(`VACUUM ANALYZE ${table}`);
await seeder.end();

const app = await startApp(env, PORT);
const base = `http://127.0.0.1:${PORT}`;
const restOf = (projectId: string) => `${base}/api/user/organizations/${organizationId}/projects/${projectId}`;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
type Run = { label: string; latencies: number[]; errors: string[]; seconds: number };

async function concurrently(label: string, one: (worker: number) => Promise<(() => Promise<void>) | void>, each: (worker: number) => Promise<void>, workers = SESSIONS): Promise<Run> {
  const latencies: number[] = [];
  const errors: string[] = [];
  const t0 = performance.now();
  await Promise.all(Array.from({ length: workers }, async (_, w) => {
    const done = await one(w).catch((e: Error) => { errors.push(`worker ${w} setup: ${e.message}`); return undefined; });
    for (let i = 0; i < CALLS; i++) {
      const t = performance.now();
      try {
        await each(w);
        latencies.push(performance.now() - t);
      } catch (e) {
        errors.push((e as Error).message);
      }
    }
    if (done) await done();
  }));
  return { label, latencies, errors, seconds: (performance.now() - t0) / 1000 };
}

// ---- MCP: one SDK client (one session) per worker ----
async function mcpRun(label: string, projectId: string, urls: number): Promise<Run> {
  const clients: Client[] = [];
  return concurrently(label, async (w) => {
    const client = new Client({ name: `bench-${w}`, version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL("/api/mcp", base), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    clients[w] = client;
    return () => client.close();
  }, async (w) => {
    const client = clients[w];
    if (!client) throw new Error("no session");
    const r = (await client.callTool({ name: "get_project_overview", arguments: { projectId } })) as CallToolResult;
    if (r.isError) throw new Error(`tool error: ${JSON.stringify(r.content).slice(0, 200)}`);
    const data = r.structuredContent as { counters: { totalUrls: number }; coverage: { google: { urls: number } } };
    if (data.counters.totalUrls !== urls || data.coverage.google.urls !== urls) throw new Error(`wrong overview: ${JSON.stringify(data.counters)}`);
  });
}

// ---- REST: the same data, the requests of one overview sent together ----
async function restRun(label: string, projectId: string, paths: string[]): Promise<Run> {
  return concurrently(label, async () => undefined, async () => {
    await Promise.all(paths.map(async (p) => {
      const res = await fetch(`${restOf(projectId)}${p}`, { headers: { "x-api-key": key } });
      if (!res.ok) throw new Error(`GET ${p}: HTTP ${res.status}`);
      await res.json();
    }));
  });
}

const REST_TWO = ["", "/coverage"];
const REST_FOUR = ["", "/stats", "/coverage", "/issues?status=open&limit=5"];

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const merge = (label: string, parts: Run[]): Run => ({
  label, latencies: parts.flatMap((r) => r.latencies), errors: parts.flatMap((r) => r.errors), seconds: parts.reduce((t, r) => t + r.seconds, 0),
});

try {
  const sections: string[] = [];
  const load0 = os.loadavg()[0];
  for (const [i, urls] of SIZES.entries()) {
    const projectId = projectIdOf(i);
    // Warm-up: the routes compiled and the plans prepared (not measured).
    await restRun("warm-up", projectId, REST_FOUR);
    await mcpRun("warm-up", projectId, urls);
    // The kinds take turns, round after round, so that the load of a shared machine weighs on each alike.
    const parts: Run[][] = [[], [], []];
    for (let round = 0; round < ROUNDS; round++) {
      parts[0].push(await mcpRun("mcp", projectId, urls));
      parts[1].push(await restRun("rest-2", projectId, REST_TWO));
      parts[2].push(await restRun("rest-4", projectId, REST_FOUR));
    }
    const size = urls.toLocaleString("en");
    const runs = [
      merge(`${size} URLs: MCP \`get_project_overview\`, ${SESSIONS} sessions`, parts[0]),
      merge(`${size} URLs: REST GET project + coverage, ${SESSIONS} clients`, parts[1]),
      merge(`${size} URLs: REST GET project + stats + coverage + open issues, ${SESSIONS} clients`, parts[2]),
    ];
    for (const r of runs) console.log(`${r.label}: ${r.latencies.length} ok, ${r.errors.length} errors, p50 ${fmt(pct(r.latencies, 50))}, p95 ${fmt(pct(r.latencies, 95))}, ${(r.latencies.length / r.seconds).toFixed(1)}/s`);
    const failed = runs.filter((r) => r.errors.length);
    if (failed.length) throw new Error(`errors: ${failed.map((r) => `${r.label}: ${r.errors.slice(0, 3).join("; ")}`).join(" | ")}`);
    sections.push(...runs.map((r) => `| ${r.label} | ${r.latencies.length} | ${r.errors.length} | ${fmt(pct(r.latencies, 50))} | ${fmt(pct(r.latencies, 95))} | ${(r.latencies.length / r.seconds).toFixed(1)} |`));
  }
  const load1 = os.loadavg()[0];

  writeResults("mcp", [
    "## MCP",
    "",
    `\`npm run bench:mcp\` (bench/mcp/run.ts): a production build (\`next start\`), projects of ${SIZES.map((n) => n.toLocaleString("en")).join(" and ")} tracked URLs with issue groups; `
      + `for each, ${SESSIONS} concurrent clients each making ${CALLS} overview reads one after another, in ${ROUNDS} rounds where the three kinds take turns (after a warm-up round). `
      + `MCP: ${SESSIONS} sessions of the SDK's own client (Streamable HTTP, \`Authorization: Bearer\` API key) calling \`get_project_overview\`, which reads the project, `
      + "its counters, its coverage and its five most severe open issues in one tool call. REST: the same data over the API, the requests of one overview sent "
      + "together; latency is per overview. Rate limits counted as in production. Any error fails the run.",
    "",
    "| project and client | overviews | errors | p50 | p95 | overviews/s |",
    "|---|---|---|---|---|---|",
    ...sections,
    "",
    `Run ${new Date().toISOString().slice(0, 10)} on a 2-core machine shared with other work (load average ${load0.toFixed(1)} at the start, ${load1.toFixed(1)} at the end); `
      + "the database is local PostgreSQL. Absolute figures follow the load; the comparison is between kinds measured in turns.",
  ].join("\n"));
} finally {
  app.kill();
}
