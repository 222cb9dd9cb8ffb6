import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/operations/configuration.md names every environment variable the code reads (the app, its jobs, the CLI, the
// demo, the build and test tooling): a variable added without a row there fails here. Read the way our code reads
// them: `process.env.X`, `env.X`, `env["X"]`, the config helpers `num("X", …)`, `n("X")`, `read("X")`, and the
// names kept in constants (`env: "X"`, `X_ENV = "X"`).

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["lib", "app", "inngest", "components", "scripts"];
const ROOT_FILES = /\.(ts|mjs)$/;
const SOURCE = /\.(ts|tsx|mjs)$/;
/** Set by Node and Next.js themselves, not by an operator. */
const PLATFORM = new Set(["NODE_ENV", "NEXT_RUNTIME", "NEXT_PHASE", "CI"]);
/** Handshakes between our own processes (the e2e server and its fakes), never set by a person. */
const INTERNAL = new Set(["E2E_FAKES_STDIN_PARENT", "E2E_CONTROL_PORT", "E2E_ENCRYPTION_KEY"]);

const PATTERNS = [
  /\benv\.([A-Z][A-Z0-9_]*)\b/g,
  /\benv\[\s*["'`]([A-Z][A-Z0-9_]*)["'`]\s*\]/g,
  /\b(?:num|n|read)\(\s*["']([A-Z][A-Z0-9]*_[A-Z0-9_]+)["']/g,
  /\benv:\s*["']([A-Z][A-Z0-9_]+)["']/g,
  /_ENV\s*=\s*["']([A-Z][A-Z0-9_]+)["']/g,
];

function envNamesIn(source: string): Set<string> {
  const names = new Set<string>();
  for (const re of PATTERNS) for (const m of source.matchAll(re)) names.add(m[1]);
  return names;
}

function sourceFiles(): string[] {
  const out = readdirSync(ROOT).filter((f) => ROOT_FILES.test(f)).map((f) => path.join(ROOT, f));
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) { if (e.name !== "generated" && e.name !== "node_modules") walk(p); }
      else if (SOURCE.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
    }
  };
  for (const d of SCANNED) walk(path.join(ROOT, d));
  return out;
}

describe("docs/operations/configuration.md", () => {
  it("reads variable names the ways the code does", () => {
    const names = envNamesIn(`process.env.A_B ?? env.C; env["D_E"]; num("LOG_X", 1); read("GSC_Y"); env: "Z_URL"; const ALLOW_ENV = "W_1"; n("NOT AN ENV")`);
    expect([...names].sort()).toEqual(["A_B", "C", "D_E", "GSC_Y", "LOG_X", "W_1", "Z_URL"]);
  });

  it("names every environment variable the code reads", () => {
    const doc = readFileSync(path.join(ROOT, "docs/operations/configuration.md"), "utf8");
    const documented = new Set([...doc.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
    const missing = new Map<string, string>();
    for (const file of sourceFiles()) {
      for (const name of envNamesIn(readFileSync(file, "utf8"))) {
        if (!documented.has(name) && !PLATFORM.has(name) && !INTERNAL.has(name) && !missing.has(name)) missing.set(name, path.relative(ROOT, file));
      }
    }
    expect(Object.fromEntries(missing)).toEqual({});
  });
});
