// `npm test`: runs Vitest against DATABASE_URL when it is set (CI's PostgreSQL), otherwise against a
// fresh in-memory embedded PostgreSQL (PGlite) served on a free loopback port for this run only.
import { spawn } from "node:child_process";
import { startEmbeddedServer } from "../lib/db/embedded";

let stop: (() => Promise<void>) | undefined;
if (!process.env.DATABASE_URL) {
  const running = await startEmbeddedServer({ dataDir: "memory://", port: 0 });
  stop = running.stop;
  process.env.DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${running.port}/postgres?sslmode=disable`;
  process.env.TEST_EMBEDDED_DB = "1";
  process.env.DATABASE_IS_PGLITE = "1";
  console.log(`[test] embedded PostgreSQL (PGlite, in memory) on port ${running.port}`);
}
const child = spawn(process.execPath, ["node_modules/vitest/vitest.mjs", "run", ...process.argv.slice(2)], { stdio: "inherit", env: process.env });
const code: number = await new Promise((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
await stop?.();
process.exit(code);
