// Where the database is: DATABASE_URL when set, else the embedded PostgreSQL (PGlite) on a loopback
// port. Both go through the same pg driver adapter, so there is one code path.
export const EMBEDDED_DB_PORT = Number(process.env.EMBEDDED_DB_PORT ?? 54329);
export const EMBEDDED_DATA_DIR = process.env.EMBEDDED_DATA_DIR ?? ".data/pglite";

export function isEmbedded(): boolean {
  return !process.env.DATABASE_URL;
}

export function databaseUrl(): string {
  return process.env.DATABASE_URL ?? `postgresql://postgres:postgres@127.0.0.1:${EMBEDDED_DB_PORT}/postgres?sslmode=disable`;
}

export function poolSize(): number {
  return Number(process.env.DATABASE_POOL_SIZE ?? (isEmbedded() ? 8 : 10));
}

/**
 * PGlite serves every connection from one backend, so per-connection state (named prepared
 * statements) would collide between connections. DATABASE_IS_PGLITE marks a DATABASE_URL that
 * points at such a server (the test runner's).
 */
export function sharesOneBackend(): boolean {
  return isEmbedded() || process.env.DATABASE_IS_PGLITE === "1";
}
