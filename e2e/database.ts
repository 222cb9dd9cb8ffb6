import pg from "pg";

// The app's database as the e2e server uses it (E2E_DATABASE_URL, DATABASE_URL, or the embedded one on its port): for
// journeys that must write what they cannot wait for (a connection, 30 days passing, a cycle of audits).
export const databaseUrl = () =>
  process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL
  ?? `postgresql://postgres:postgres@127.0.0.1:${process.env.EMBEDDED_DB_PORT ?? 54329 + Number(process.env.E2E_PORT_OFFSET ?? 0)}/postgres?sslmode=disable`;

/** Runs one statement on the app's database. */
export async function sql(text: string, values: unknown[]): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try { await db.query(text, values); } finally { await db.end(); }
}
