import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

// Applies prisma/migrations/* in order and records them in Prisma's own _prisma_migrations table
// (same columns and checksum), so `prisma migrate deploy` sees the same history where it can run.
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export function migrationsDir(): string {
  return process.env.MIGRATIONS_DIR ?? path.resolve(/* turbopackIgnore: true */ process.cwd(), "prisma/migrations");
}

export function listMigrations(dir = migrationsDir()): { name: string; sql: string; checksum: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * Applies pending migrations; returns the names applied. Safe to call from several processes: each
 * migration is checked and applied in one transaction holding a table lock (an advisory lock would
 * not exclude anything on the embedded database, where every connection shares one backend).
 */
export async function applyMigrations(connectionString: string, dir = migrationsDir()): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const applied: string[] = [];
  try {
    // Concurrent CREATE TABLE IF NOT EXISTS can collide on PostgreSQL; serialize it.
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock(72707369)");
    await client.query(MIGRATIONS_TABLE);
    await client.query("COMMIT");
    for (const m of listMigrations(dir)) {
      await client.query("BEGIN");
      try {
        await client.query(`LOCK TABLE "_prisma_migrations" IN EXCLUSIVE MODE`);
        const done = await client.query<{ checksum: string }>(
          `SELECT checksum FROM "_prisma_migrations" WHERE migration_name = $1 AND finished_at IS NOT NULL AND rolled_back_at IS NULL`, [m.name]);
        if (done.rows.length) {
          if (done.rows[0].checksum !== m.checksum) console.warn(`[migrate] ${m.name} was edited after it was applied`);
        } else {
          await client.query(m.sql);
          await client.query(
            `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
            [crypto.randomUUID(), m.checksum, m.name]);
          applied.push(m.name);
        }
        await client.query("COMMIT");
      } catch (e) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(e as Error).message}`);
      }
    }
  } finally {
    await client.end();
  }
  return applied;
}
