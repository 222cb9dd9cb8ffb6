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
  // Contrib extensions the migrations create (CREATE EXTENSION): PGlite loads them only when named here.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  if (opts.dataDir !== "memory://") fs.mkdirSync(path.dirname(path.resolve(opts.dataDir)), { recursive: true });
  const db = await PGlite.create(opts.dataDir === "memory://" ? undefined : opts.dataDir, { extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, port: opts.port, host: "127.0.0.1", maxConnections: opts.maxConnections ?? 64 });
  keepSequencesTogether(server);
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

type QueueItem = { handlerId: number; message: Uint8Array; resolve: (n: number) => void; reject: (e: unknown) => void; onData: (d: Uint8Array) => void };
type QueryQueue = {
  queue: QueueItem[]; processing: boolean; lastHandlerId: number | null;
  db: { isInTransaction(): boolean; runExclusive<T>(fn: () => Promise<T>): Promise<T>; execProtocolRawStream(m: Uint8Array, o: { onRawData: (d: Uint8Array) => void }): Promise<unknown> };
  processQueue(): Promise<void>; clearQueueForHandler(id: number): void;
};
// Parse, Bind, Describe, Execute, Close, Flush: an extended-protocol query stays open until its Sync.
const OPENS_QUERY = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);

/**
 * pglite-socket 0.2 queues single protocol messages and, outside explicit transactions, interleaves
 * those of different connections, so two clients' Parse/Bind/Execute mix on PGlite's one backend
 * ("bind message supplies 4 parameters…", "portal does not exist"). Keep each connection's messages
 * together until its Sync, as well as until its transaction ends.
 */
function keepSequencesTogether(server: unknown) {
  const q = (server as { queryQueue: QueryQueue }).queryQueue;
  let open: number | null = null;
  q.processQueue = async () => {
    if (q.processing) return;
    q.processing = true;
    try {
      while (q.queue.length) {
        const owner = open ?? (q.db.isInTransaction() ? q.lastHandlerId : null);
        const at = owner === null ? 0 : q.queue.findIndex((i) => i.handlerId === owner);
        if (at === -1) break; // the owner's next message has not arrived yet
        const [item] = q.queue.splice(at, 1);
        let bytes = 0;
        try {
          await q.db.runExclusive(() => q.db.execProtocolRawStream(item.message, { onRawData: (d) => { bytes += d.length; item.onData(d); } }));
        } catch (e) {
          if (open === item.handlerId) open = null;
          item.reject(e);
          continue;
        }
        q.lastHandlerId = item.handlerId;
        open = OPENS_QUERY.has(item.message[0]) ? item.handlerId : null;
        item.resolve(bytes);
      }
    } finally {
      q.processing = false;
    }
  };
  const clear = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = (id) => {
    clear(id);
    if (open === id) open = null;
  };
}
