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
const LOCK_ID = 72707369; // the advisory lock id Prisma Migrate uses

export function migrationsDir(): string {
  return process.env.MIGRATIONS_DIR ?? path.resolve(process.cwd(), "prisma/migrations");
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

/** Applies pending migrations; returns the names applied. Safe to call from several processes. */
export async function applyMigrations(connectionString: string, dir = migrationsDir()): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query(MIGRATIONS_TABLE);
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`);
    const doneNames = new Map(done.rows.map((r) => [r.migration_name, r.checksum]));
    for (const m of listMigrations(dir)) {
      if (doneNames.has(m.name)) {
        if (doneNames.get(m.name) !== m.checksum) console.warn(`[migrate] ${m.name} was edited after it was applied`);
        continue;
      }
      const id = crypto.randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
          [id, m.checksum, m.name]);
        await client.query("COMMIT");
        applied.push(m.name);
      } catch (e) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(e as Error).message}`);
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => {});
    await client.end();
  }
  return applied;
}
