// Shared helpers for benchmarks: a fresh database, the built app on a port, result files.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "..");

/** Drops and creates database `name` (a copy of database `template` when given; nobody may be connected to it). */
export async function freshDatabase(name, template) {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Bundles a benchmark's child script (bench/<benchDir>/<entry>) as the app's build would: one ESM
 * file with the packages external, run by plain node. tsx would hold every transpiled module and its
 * source map in memory, inflating the RSS being measured. Returns the bundle's path.
 */
export async function bundleChild(benchDir, entry) {
  const { build } = await import("esbuild");
  const outfile = path.join(ROOT, "node_modules/.cache", `bench-${benchDir}`, entry.replace(/\.ts$/, ".mjs"));
  await build({
    entryPoints: [path.join(ROOT, "bench", benchDir, entry)], bundle: true, platform: "node", format: "esm", target: "node20",
    packages: "external", outfile, logLevel: "warning",
  });
  return outfile;
}

export function cli(env, ...args) {
  const r = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/cli.ts", ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`cli ${args[0]} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop());
}

export function ensureBuilt() {
  if (fs.existsSync(path.join(ROOT, ".next/BUILD_ID")) && !process.env.BENCH_REBUILD) return;
  const r = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) throw new Error("next build failed");
}

export async function startApp(env, port) {
  const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port)], {
    cwd: ROOT, env: { ...process.env, DISABLE_IN_PROCESS_JOBS: "1", ...env }, stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr.on("data", (d) => process.stderr.write(d));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try { if ((await fetch(`http://127.0.0.1:${port}/api/ping`)).ok) return child; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill();
  throw new Error("the app did not start within 60 s");
}

/** Replaces the section between <!-- bench:NAME --> markers in docs/benchmarks.md. */
export function writeResults(name, markdown) {
  const file = path.join(ROOT, "docs/benchmarks.md");
  let doc = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n\nEach section is written by its script under bench/; numbers are from the last run on a 2-core machine.\n";
  const start = `<!-- bench:${name} -->`, end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  doc = doc.includes(start) ? doc.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block) : `${doc.trimEnd()}\n\n${block}\n`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, doc);
}

/** p50, p95 and the maximum of a list of milliseconds (nearest rank). */
export function percentiles(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1] };
}

/** How long `fn` takes, in milliseconds. */
export async function timeMs(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/**
 * The benchmark's database: `BENCH_DB_NAME` (default `name`) on the server of BENCH_DATABASE_URL / DATABASE_URL, made
 * afresh unless BENCH_REUSE=1 keeps the one a previous run seeded. Answers its URL and whether it was reused.
 */
export async function benchDatabase(name) {
  const dbName = process.env.BENCH_DB_NAME ?? name;
  const reuse = process.env.BENCH_REUSE === "1";
  const url = new URL(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  url.pathname = `/${dbName}`;
  return { DATABASE_URL: reuse ? url.toString() : await freshDatabase(dbName), reuse };
}

/**
 * Runs `fn` (a bulk seed) with the non-unique indexes of `tables` dropped, then builds them again: one sorted build
 * of each index costs a fraction of maintaining twenty of them row by row through a million-row INSERT (the
 * trigram index above all). Primary keys and unique indexes stay (ON CONFLICT and foreign keys need them).
 */
export async function withoutIndexes(client, tables, fn) {
  const { rows } = await client.query(`SELECT indexname, indexdef FROM pg_indexes
    WHERE schemaname = 'public' AND tablename = ANY($1) AND indexdef NOT LIKE 'CREATE UNIQUE %'`, [tables]);
  for (const r of rows) await client.query(`DROP INDEX "${r.indexname}"`);
  try {
    return await fn();
  } finally {
    await client.query(`SET maintenance_work_mem = '256MB'`);
    for (const r of rows) await client.query(r.indexdef);
    await client.query(`RESET maintenance_work_mem`);
  }
}

/** The fields of /proc/<pid>/stat after the command name (state is [0], ppid [1], utime [11], stime [12]); null once it has exited. */
function procStat(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** User + system CPU seconds of process `pid` (null once it has exited). */
function processCpuSeconds(pid) {
  const fields = procStat(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : null;
}

/** Whether process `pid` is a PostgreSQL backend serving database `dbName` (its title names the database). */
function isBackendOf(pid, dbName) {
  try {
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return cmd.startsWith("postgres: ") && cmd.split(" ").includes(dbName);
  } catch {
    return false;
  }
}

/**
 * Counts the CPU seconds of the parallel workers that the backends serving `dbName` start, from now until stop().
 * backendCpuSeconds misses them: a worker is a process of its own, titled "parallel worker for PID n" (no database
 * name), and gone when its query ends. So the postmaster's children are listed every `everyMs` ms and each worker's
 * last reading kept: at most `everyMs` ms of CPU are missed per worker. 0 off Linux.
 */
export function parallelWorkerCpu(dbName, everyMs = 20) {
  const seen = new Map(); // pid -> last CPU seconds of one of our workers
  const known = new Map(); // pid -> "ours" | "other"
  const ours = (pid) => {
    if (!known.has(pid)) {
      let cmd = "";
      try {
        cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      } catch {
        // exited
      }
      const leader = /parallel worker for PID (\d+)/.exec(cmd)?.[1];
      known.set(pid, leader && isBackendOf(leader, dbName) ? "ours" : "other");
    }
    return known.get(pid) === "ours";
  };
  let postmaster = null;
  try {
    for (const d of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(d) || !isBackendOf(d, dbName)) continue;
      postmaster = procStat(d)?.[1] ?? null;
      if (postmaster) break;
    }
  } catch {
    // no /proc
  }
  const sample = () => {
    if (!postmaster) return;
    let children = [];
    try {
      children = fs.readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    } catch {
      return;
    }
    for (const pid of children) {
      if (!ours(pid)) continue;
      const cpu = processCpuSeconds(pid);
      if (cpu !== null) seen.set(pid, cpu);
    }
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      sample();
      clearInterval(timer);
      return [...seen.values()].reduce((a, b) => a + b, 0);
    },
  };
}

/**
 * CPU seconds (user + system) spent so far by the PostgreSQL backends serving `dbName` on this machine (their process
 * titles name the database), read from /proc: with process.cpuUsage(), what a step cost beside its wall time. A
 * backend that exits between two readings is not counted; the benchmarks' pools keep theirs open. 0 off Linux.
 */
export function backendCpuSeconds(dbName) {
  let seconds = 0;
  let dirs = [];
  try {
    dirs = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  for (const pid of dirs) {
    // A process that ended meanwhile counts nothing.
    if (isBackendOf(pid, dbName)) seconds += processCpuSeconds(pid) ?? 0;
  }
  return seconds;
}
