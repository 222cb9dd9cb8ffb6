import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// .ci/run's verdict on its parallel stage (tests beside lint, typecheck and build), run as bash runs it: a failing
// stage must stop the run before e2e and make it exit non-zero.
const root = path.resolve(import.meta.dirname, "../..");
const run = readFileSync(path.join(root, ".ci/run"), "utf8").split("\n");

/** The lines of .ci/run from the first stage flag to the next `step`: the parallel stage's verdict. */
function verdictBlock(): string {
  const start = run.findIndex((l) => /^tests_ok=true\b/.test(l));
  const end = run.findIndex((l, i) => i > start && /^step /.test(l));
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return run.slice(start, end).join("\n");
}

/** Runs the block under the script's own shell options, with `npm test` and the collected jobs stubbed. */
function runVerdict(stages: { tests: boolean; lint: boolean; build: boolean }) {
  const script = [
    "set -euo pipefail",
    `cd ${JSON.stringify(root)}`,
    "source .ci/gate.sh",
    `npm() { ${stages.tests}; }`,
    `collect() { case "$1" in lint) ${stages.lint} ;; *) ${stages.build} ;; esac; }`,
    "lint_pid=1 build_pid=2",
    verdictBlock(),
    "echo reached-e2e",
  ].join("\n");
  return spawnSync("bash", ["-c", script], { encoding: "utf8" });
}

describe(".ci/run's gate", () => {
  it("sources the gate", () => {
    expect(run).toContain("source .ci/gate.sh");
  });

  it.each([
    ["the test suite", { tests: false, lint: true, build: true }, "tests"],
    ["lint", { tests: true, lint: false, build: true }, "lint"],
    ["typecheck or build", { tests: true, lint: true, build: false }, "typecheck and build"],
  ])("a failing %s fails the run before e2e", (_, stages, label) => {
    const result = runVerdict(stages);
    expect(result.status).not.toBe(0);
    expect(result.stdout).not.toContain("reached-e2e");
    expect(result.stderr).toContain(`CI failed: ${label}`);
  });

  it("passing stages go on to e2e", () => {
    const result = runVerdict({ tests: true, lint: true, build: true });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("reached-e2e");
  });

  it("require_passed exits non-zero when any stage failed, also under set -e inside a list", () => {
    const gate = (args: string) => spawnSync("bash", ["-c", `set -euo pipefail; source .ci/gate.sh; ${args}; echo after`], { cwd: root, encoding: "utf8" });
    expect(gate(`require_passed "a=true" "b=false"`).status).toBe(1);
    expect(gate(`require_passed "a=true" "b=false" && true`).stdout).not.toContain("after");
    expect(gate(`require_passed "a=true" "b=true"`).stdout).toContain("after");
  });
});
