// Runs the Next.js CLI as a child with inherited stdio, forwards stop signals, and exits with its code.
import { spawn } from "node:child_process";

const NEXT_BIN = "node_modules/next/dist/bin/next";

/** `next <command> ...args`; dev and start listen on PORT (default 3000) unless the args name a port. */
export function spawnNext(command, args = process.argv.slice(2), env = process.env) {
  const serves = command === "dev" || command === "start";
  const hasPort = args.some((a) => a === "-p" || a === "--port" || a.startsWith("--port="));
  const port = env.PORT || "3000";
  const child = spawn(process.execPath, [NEXT_BIN, command, ...(serves && !hasPort ? ["-p", port] : []), ...args], {
    stdio: "inherit",
    env: { ...env, NEXTAUTH_URL: env.NEXTAUTH_URL || `http://localhost:${port}` },
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

export function runNext(command, args, env) {
  spawnNext(command, args, env).then((code) => process.exit(code));
}
