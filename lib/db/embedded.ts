import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { EMBEDDED_DATA_DIR, EMBEDDED_DB_PORT } from "./config";

type Running = { stop: () => Promise<void>; port: number };
const g = globalThis as unknown as { __embeddedDb?: Promise<Running | null> };

function portAnswers(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ port, host });
    s.setTimeout(1000);
    s.once("connect", () => { s.destroy(); resolve(true); });
    s.once("timeout", () => { s.destroy(); resolve(false); });
    s.once("error", () => resolve(false));
  });
}

/** Serves a PGlite database on a loopback port (dataDir "memory://" keeps it in memory). */
export async function startEmbeddedServer(opts: { dataDir: string; port: number; maxConnections?: number }): Promise<Running> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  if (opts.dataDir !== "memory://") fs.mkdirSync(path.dirname(path.resolve(opts.dataDir)), { recursive: true });
  const db = await PGlite.create(opts.dataDir === "memory://" ? undefined : opts.dataDir);
  const server = new PGLiteSocketServer({ db, port: opts.port, host: "127.0.0.1", maxConnections: opts.maxConnections ?? 64 });
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  return { port, stop: async () => { await server.stop(); await db.close(); } };
}

/**
 * Makes sure the embedded database answers on its port. Only one process owns the data folder:
 * a second process (the CLI, another server) finds the port answering and just connects.
 */
export function ensureEmbeddedDatabase(): Promise<Running | null> {
  g.__embeddedDb ??= (async () => {
    if (await portAnswers(EMBEDDED_DB_PORT)) return null;
    const lock = path.resolve(EMBEDDED_DATA_DIR + ".lock");
    fs.mkdirSync(path.dirname(lock), { recursive: true });
    takeLock(lock);
    const running = await startEmbeddedServer({ dataDir: EMBEDDED_DATA_DIR, port: EMBEDDED_DB_PORT });
    const release = () => { try { fs.unlinkSync(lock); } catch { /* already gone */ } };
    process.once("exit", release);
    return running;
  })();
  return g.__embeddedDb;
}

function takeLock(lock: string) {
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
  } catch {
    const pid = Number(fs.readFileSync(lock, "utf8"));
    let alive = false;
    try { process.kill(pid, 0); alive = pid !== process.pid; } catch { alive = false; }
    if (alive) throw new Error(`The embedded database in ${EMBEDDED_DATA_DIR} is owned by process ${pid}, which does not answer on port ${EMBEDDED_DB_PORT}.`);
    fs.writeFileSync(lock, String(process.pid));
  }
}
