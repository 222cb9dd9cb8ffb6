import { databaseUrl, isEmbedded } from "./config";
import { ensureEmbeddedDatabase } from "./embedded";
import { applyMigrations } from "./migrate";

const g = globalThis as unknown as { __dbReady?: Promise<void> };

/** Starts the embedded database when there is no DATABASE_URL, then applies pending migrations. */
export function ensureDatabaseReady(): Promise<void> {
  g.__dbReady ??= (async () => {
    if (isEmbedded()) await ensureEmbeddedDatabase();
    const applied = await applyMigrations(databaseUrl());
    if (applied.length) console.log(`[db] applied migrations: ${applied.join(", ")}`);
  })();
  return g.__dbReady;
}
