import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

// .ci/run's checks, run as bash runs them: tests, lint and the build side by side, then the typecheck and the journeys
// once the build has passed. Every job is a stub that records when it starts and ends in an event file; a job can wait
// for another's event, so the order each case needs is forced rather than left to timing.
const root = path.resolve(import.meta.dirname, "../..");
const run = readFileSync(path.join(root, ".ci/run"), "utf8").split("\n");
const JOBS = ["tests", "lint", "build", "typecheck", "e2e"] as const;
type Job = (typeof JOBS)[number];

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/**
 * Runs .ci/gate.sh's run_checks under the script's own shell options with stub jobs. A stub first waits for the
 * events in `after` (e.g. "e2e:start"), then records its start, runs its body (default: exit 0) and records its end.
 */
function runChecks(stubs: Partial<Record<Job, { after?: string[]; body?: string }>>) {
  const dir = mkdtempSync(path.join(tmpdir(), "ci-gate-"));
  dirs.push(dir);
  const events = path.join(dir, "events");
  const stub = (job: Job) => {
    const { after = [], body = "true" } = stubs[job] ?? {};
    const waits = after.map((e) => `until grep -qx ${e} ${events} 2>/dev/null; do sleep 0.05; done;`).join(" ");
    return `ci_${job}() { ${waits} echo ${job}:start >>${events}; local rc=0; { ${body}; } || rc=$?; echo ${job}:end >>${events}; return $rc; }`;
  };
  const script = [
    "set -euo pipefail",
    `cd ${JSON.stringify(root)}`,
    "source .ci/gate.sh",
    `logs=${JSON.stringify(dir)}; sub_rows=()`,
    // The table's rows, also when the verdict exits.
    `trap 'printf "row:%s\\n" "\${sub_rows[@]}"' EXIT`,
    ...JOBS.map(stub),
    "run_checks",
    "echo checks-passed",
  ].join("\n");
  const result = spawnSync("bash", ["-c", script], { encoding: "utf8", timeout: 60_000 });
  let log: string[] = [];
  try {
    log = readFileSync(events, "utf8").trim().split("\n");
  } catch {
    // No job started.
  }
  const rows = result.stdout.split("\n").filter((l) => l.startsWith("row:")).map((l) => l.slice(4));
  return { ...result, events: log, rows, dir };
}

const row = (rows: string[], label: string) => rows.find((r) => r.trim().startsWith(label)) ?? "";

describe(".ci/run's checks", () => {
  it("sources the gate, defines every job and runs them through run_checks", () => {
    expect(run).toContain("source .ci/gate.sh");
    expect(run).toContain("run_checks");
    for (const job of JOBS) expect(run.some((l) => l.startsWith(`ci_${job}() {`))).toBe(true);
  });

  it("passing jobs pass the run; the journeys and the typecheck start only after the build has ended", () => {
    const result = runChecks({ build: { after: ["tests:start", "lint:start"] } });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("checks-passed");
    const at = (e: string) => result.events.indexOf(e);
    expect(at("build:end")).toBeGreaterThan(-1);
    expect(at("e2e:start")).toBeGreaterThan(at("build:end"));
    expect(at("typecheck:start")).toBeGreaterThan(at("build:end"));
    // A row each: wall seconds, CPU seconds, when it started, its verdict.
    expect(result.rows).toHaveLength(5);
    for (const r of result.rows) expect(r).toMatch(/^ {2}[^|]+\|\d+\|\d+\|from \d+s, passed$/);
  });

  it("the journeys start beside unit tests that are still running", () => {
    const result = runChecks({ tests: { after: ["e2e:end"] } });
    expect(result.status).toBe(0);
    expect(result.events.indexOf("tests:end")).toBeGreaterThan(result.events.indexOf("e2e:end"));
  });

  it.each([
    ["the unit tests", "tests", "tests"],
    ["lint", "lint", "lint"],
    ["the build", "build", "build"],
    ["the typecheck", "typecheck", "typecheck"],
    ["the journeys", "e2e", "e2e"],
  ] as const)("failing %s fail the run", (_, job, label) => {
    const result = runChecks({ [job]: { body: "false" } });
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain("checks-passed");
    expect(result.stderr).toContain(`CI failed: ${label}`);
    expect(row(result.rows, job === "tests" ? "unit tests" : job)).toContain("FAILED, exit 1");
  });

  it("a failed build starts neither the typecheck nor the journeys", () => {
    const result = runChecks({ build: { body: "false" } });
    expect(result.status).toBe(1);
    expect(result.events).not.toContain("e2e:start");
    expect(result.events).not.toContain("typecheck:start");
    expect(row(result.rows, "typecheck")).toContain("not run: the build failed");
    expect(row(result.rows, "e2e")).toContain("not run: the build failed");
  });

  it("a check failing while the journeys run stops them, with every process they started", async () => {
    const result = runChecks({
      tests: { after: ["e2e:start"], body: "false" },
      // The journeys' stand-in starts a process of its own (as Playwright starts its server and browsers) and would
      // run for a minute.
      e2e: { body: 'sleep 60 & echo $! >"$logs/e2e-child"; wait' },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("CI failed: tests");
    // Stopped, not failed on its own: the run failed for the tests.
    expect(result.stderr).not.toContain("CI failed: e2e");
    expect(result.events).not.toContain("e2e:end");
    expect(row(result.rows, "e2e")).toContain("stopped: a check failed");
    const child = Number(readFileSync(path.join(result.dir, "e2e-child"), "utf8"));
    // Gone, or dead and not yet reaped by init (a zombie).
    const running = () => {
      try {
        return readFileSync(`/proc/${child}/stat`, "utf8").split(") ")[1][0] !== "Z";
      } catch {
        return false;
      }
    };
    await vi.waitFor(() => expect(running()).toBe(false), { timeout: 5_000 });
  });

  it("a check that fails before the build has ended keeps the journeys from starting; the typecheck still runs", () => {
    const result = runChecks({ lint: { body: "false" }, build: { after: ["lint:end"], body: "sleep 0.5" } });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("CI failed: lint");
    expect(result.events).not.toContain("e2e:start");
    expect(result.events).toContain("typecheck:end");
    expect(row(result.rows, "e2e")).toContain("not run: a check failed");
  });

  it("require_passed exits non-zero when any stage failed, also under set -e inside a list", () => {
    const gate = (args: string) => spawnSync("bash", ["-c", `set -euo pipefail; source .ci/gate.sh; ${args}; echo after`], { cwd: root, encoding: "utf8" });
    expect(gate(`require_passed "a=true" "b=false"`).status).toBe(1);
    expect(gate(`require_passed "a=true" "b=false" && true`).stdout).not.toContain("after");
    expect(gate(`require_passed "a=true" "b=true"`).stdout).toContain("after");
  });
});
