import crypto from "node:crypto";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, Prisma } from "./generated/client";
import { databaseUrl, poolSize, sharesOneBackend } from "./config";
import { insideTransaction, refuseInsideTransaction, TRANSACTION_SCOPE_CHECKED } from "./transaction-scope";

// Secret columns are omitted from every query unless a verb asks for them explicitly.
const omit = {
  project: { gscRefreshTokenEnc: true, engineBApiKeyEnc: true },
  apiKey: { keyHash: true },
} as const;

function createClient(pool: pg.Pool) {
  // One embedded backend runs every transaction in turn: under load one waits longer to start and finish
  // than Prisma's defaults (2 s, 5 s) allow a PostgreSQL server with its own backend per connection. On PostgreSQL a
  // transaction may wait up to 10 s for one of the pool's connections: with Prisma's 2 s, a burst of requests on a loaded
  // 2-core machine (CI's tests beside the journeys) failed with 500s while the pool was busy; once started, it keeps Prisma's 5 s.
  const transactionOptions = sharesOneBackend() ? { maxWait: 30_000, timeout: 30_000 } : { maxWait: 10_000 };
  return new PrismaClient({ adapter: new PrismaPg(pool), omit, transactionOptions });
}

export type Db = ReturnType<typeof createClient>;
export type Tx = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

const g = globalThis as unknown as { __pool?: pg.Pool; __prisma?: Db };
// One pool per process, shared by Prisma and the raw hot-path queries below.
const pool = g.__pool ?? guarded(new pg.Pool({ connectionString: databaseUrl(), max: poolSize(), idleTimeoutMillis: 30_000 }));
export const db: Db = g.__prisma ?? guardedClient(createClient(pool));
g.__pool = pool;
g.__prisma = db;

/**
 * The client refuses the same where the caller asks for it (`db.user`, `db.$queryRaw` inside a transaction's body), so
 * the error's stack names the caller (Prisma's engine loses it on the way to the pool).
 */
function guardedClient(client: Db): Db {
  if (!TRANSACTION_SCOPE_CHECKED) return client;
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof prop === "string" && !prop.startsWith("_") && prop !== "then") refuseInsideTransaction(`db.${prop}`);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * The pool refuses, outside production, a statement or a connection asked for from inside an open transaction's body
 * (lib/db/transaction-scope.ts): Prisma's own queries outside a transaction and the raw helpers below all go through
 * `pool.query` and `pool.connect`; a transaction's statements go through its own connection.
 */
function guarded(p: pg.Pool): pg.Pool {
  const query = p.query.bind(p) as (...args: unknown[]) => unknown;
  const connect = p.connect.bind(p) as (...args: unknown[]) => unknown;
  (p as unknown as { query: unknown }).query = (...args: unknown[]) => { refuseInsideTransaction("A statement"); return query(...args); };
  (p as unknown as { connect: unknown }).connect = (...args: unknown[]) => { refuseInsideTransaction("A connection"); return connect(...args); };
  return p;
}

/**
 * Runs a `Prisma.sql` fragment straight on the pool, skipping Prisma's query engine. Only for the
 * hottest paths (authentication on every request, list pages, bulk staging); everything else goes
 * through `db`.
 */
export async function sqlRows<T>(query: Prisma.Sql, preparedName?: string, opts: { timestamps?: "date" | "iso"; rowMode?: "array" } = {}): Promise<T[]> {
  // A named statement is parsed and planned once per connection instead of on every call.
  const named = preparedName && !sharesOneBackend();
  // rowMode "array": each row an array of its columns in SELECT order (no object per row: bulk reads such as exports).
  const config = {
    text: query.text, values: query.values as unknown[], ...(named ? { name: preparedName } : {}),
    ...(opts.timestamps === "iso" ? { types: ISO_TIMESTAMPS } : {}), ...(opts.rowMode ? { rowMode: opts.rowMode } : {}),
  };
  return (await pool.query(config)).rows as T[];
}

/**
 * A prepared statement's name for a query whose text varies with its filters: one name per distinct text, so
 * each shape is parsed once per connection (the shapes are a small, fixed set: the text holds no input, at most a page size).
 */
export function preparedName(query: Prisma.Sql): string {
  return `q_${crypto.createHash("sha1").update(query.text).digest("base64url").slice(0, 24)}`;
}

const TIMESTAMPTZ_OID = 1184;
/**
 * Type parsers that read timestamptz columns as the API's ISO strings (`2025-01-02T03:04:05.123Z`) without a
 * Date in between: for rows that go straight out (a page of URLs has hundreds of timestamps, and parsing
 * each into a Date and printing it again cost more than the rest of the page).
 */
const ISO_TIMESTAMPS = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMPTZ_OID ? isoFromTimestamptzText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * PostgreSQL's text for a timestamptz in a UTC session (DateStyle ISO) is `2025-01-02 03:04:05.123456+00`,
 * the fraction trimmed of trailing zeros: rearranged as `Date#toISOString` would print it (milliseconds
 * truncated, as a Date holds them). Any other form (another session time zone or style) goes through Date.
 */
export function isoFromTimestamptzText(text: string): string {
  const n = text.length;
  if (n >= 22 && n <= 29 && text[10] === " " && text.endsWith("+00") && (n === 22 || text[19] === ".")) {
    const millis = n === 22 ? "000" : (text.slice(20, n - 3) + "00").slice(0, 3);
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${millis}Z`;
  }
  return (pg.types.getTypeParser(TIMESTAMPTZ_OID, "text")(text) as Date).toISOString();
}

/**
 * Runs a statement straight on the pool, outside any transaction, and returns the rows it touched.
 * For bulk writes with large text parameters (sitemap staging), which Prisma's query path would copy
 * several times over on the JS heap.
 */
export async function sqlExecute(query: Prisma.Sql): Promise<number> {
  return (await pool.query({ text: query.text, values: query.values as unknown[] })).rowCount ?? 0;
}

/**
 * Streams a query's rows through a server-side cursor, `pageSize` rows per FETCH, in one read-only transaction on its
 * own pool connection: for scans of a million rows that should be read in the table's physical order (one sequential
 * or bitmap pass, not an index walk per page) and never held at once. `cursor_tuple_fraction` 1 tells the planner
 * every row will be read. Each row (an array of its columns in SELECT order) goes to `onRow` as the driver parses it,
 * never gathered into a page: a page held while the next one arrives is what a young-generation collection finds
 * alive and moves to the old space, where it waits for a full collection (the robots.txt impact's peak memory).
 */
export async function sqlCursor<T extends unknown[]>(query: Prisma.Sql, pageSize: number, onRow: (row: T) => void): Promise<void> {
  if (sharesOneBackend()) {
    // One backend serves every connection (PGlite): a transaction held across pages would stall the others, so
    // the rows are read in one query (a development database, not a million rows).
    const { rows } = await pool.query<T>({ text: query.text, values: query.values as unknown[], rowMode: "array" });
    for (const row of rows) onRow(row);
    return;
  }
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("BEGIN READ ONLY");
    await client.query("SET LOCAL cursor_tuple_fraction = 1");
    await client.query({ text: `DECLARE sql_cursor NO SCROLL CURSOR FOR ${query.text}`, values: query.values as unknown[] });
    const fetch = `FETCH ${Math.max(1, Math.floor(pageSize))} FROM sql_cursor`;
    while ((await fetchEachRow(client, fetch, onRow)) >= pageSize);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => { broken = true; });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Runs one FETCH with a `row` listener (pg then keeps no rows) and answers how many rows it handed on. */
function fetchEachRow<T>(client: pg.PoolClient, text: string, onRow: (row: T) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    let count = 0;
    let failed = false;
    const config: pg.QueryArrayConfig = { text, rowMode: "array" };
    const q = client.query(new pg.Query(config));
    q.on("row", (row: T) => {
      if (failed) return;
      count++;
      try {
        onRow(row);
      } catch (error) {
        failed = true;
        reject(error);
      }
    });
    q.on("error", (error: Error) => (failed ? undefined : ((failed = true), reject(error))));
    q.on("end", () => (failed ? undefined : resolve(count)));
  });
}

/** Statements run inside sqlTransaction (straight on its connection) or inside a Prisma transaction (txRunner). */
export type SqlRunner = {
  execute(query: Prisma.Sql): Promise<number>;
};

/**
 * A transaction on one pool connection whose statements run straight, skipping Prisma: for bulk writes with large
 * parameters that must commit together (a log import chunk's aggregates with its checkpoint), which Prisma's query
 * path would copy several times over on the JS heap. Commits what `fn` did, or rolls it all back when it throws.
 */
export async function sqlTransaction<T>(fn: (run: SqlRunner) => Promise<T>, opts: { timeoutMs?: number } = {}): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("BEGIN");
    if (opts.timeoutMs) await client.query(`SET LOCAL statement_timeout = ${Math.floor(opts.timeoutMs)}`);
    const run: SqlRunner = {
      execute: async (q) => (await client.query({ text: q.text, values: q.values as unknown[] })).rowCount ?? 0,
    };
    const out = await insideTransaction(() => fn(run));
    await client.query("COMMIT");
    return out;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => { broken = true; });
    throw error;
  } finally {
    // A connection whose rollback failed is closed rather than handed to the next caller mid-transaction.
    client.release(broken);
  }
}

/** The same statements inside a Prisma transaction. */
export const txRunner = (tx: Tx): SqlRunner => ({
  execute: (q) => tx.$executeRaw(q),
});

