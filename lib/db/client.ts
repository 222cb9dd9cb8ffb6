import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, Prisma } from "./generated/client";
import { databaseUrl, poolSize, sharesOneBackend } from "./config";

// Secret columns are omitted from every query unless a verb asks for them explicitly.
const omit = {
  project: { gscRefreshTokenEnc: true, engineBApiKeyEnc: true },
  apiKey: { keyHash: true },
} as const;

function createClient(pool: pg.Pool) {
  // One embedded backend runs every transaction in turn: under load one waits longer to start and finish
  // than Prisma's defaults (2 s, 5 s) allow a PostgreSQL server with its own backend per connection.
  const transactionOptions = sharesOneBackend() ? { maxWait: 30_000, timeout: 30_000 } : undefined;
  return new PrismaClient({ adapter: new PrismaPg(pool), omit, transactionOptions });
}

export type Db = ReturnType<typeof createClient>;
export type Tx = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

const g = globalThis as unknown as { __pool?: pg.Pool; __prisma?: Db };
// One pool per process, shared by Prisma and the raw hot-path queries below.
const pool = g.__pool ?? new pg.Pool({ connectionString: databaseUrl(), max: poolSize(), idleTimeoutMillis: 30_000 });
export const db: Db = g.__prisma ?? createClient(pool);
g.__pool = pool;
g.__prisma = db;

/**
 * Runs a `Prisma.sql` fragment straight on the pool, skipping Prisma's query engine. Only for the
 * hottest paths (authentication on every request, list pages, bulk staging); everything else goes
 * through `db`.
 */
export async function sqlRows<T>(query: Prisma.Sql, preparedName?: string): Promise<T[]> {
  // A named statement is parsed and planned once per connection instead of on every call.
  const named = preparedName && !sharesOneBackend();
  const config = { text: query.text, values: query.values as unknown[], ...(named ? { name: preparedName } : {}) };
  return (await pool.query(config)).rows as T[];
}

/**
 * Runs a statement straight on the pool, outside any transaction, and returns the rows it touched.
 * For bulk writes with large text parameters (sitemap staging), which Prisma's query path would copy
 * several times over on the JS heap.
 */
export async function sqlExecute(query: Prisma.Sql): Promise<number> {
  return (await pool.query({ text: query.text, values: query.values as unknown[] })).rowCount ?? 0;
}
