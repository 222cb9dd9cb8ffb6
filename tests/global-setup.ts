import { applyMigrations } from "../lib/db/migrate";

export default async function setup() {
  if (!process.env.DATABASE_URL) throw new Error("Run the tests with `npm test` (it provides a database).");
  await applyMigrations(process.env.DATABASE_URL);
}
