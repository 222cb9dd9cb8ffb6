import { spawn } from "node:child_process";
import path from "node:path";
import type { Decision } from "@/lib/rate-limit/decide";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Runs consume-in-child.ts in a new Node process and returns its pid and decisions. */
export function consumeInChild(args: object): Promise<{ pid: number; decisions: Decision[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/rate-limit/consume-in-child.ts", JSON.stringify(args)], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "", err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop()!)) : reject(new Error(`child exited ${code}: ${err}`))));
  });
}
