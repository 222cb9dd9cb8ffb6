import { afterAll, describe, expect, it } from "vitest";
import pg from "pg";
import { startEmbeddedServer } from "@/lib/db/embedded";
import { applyMigrations, listMigrations } from "@/lib/db/migrate";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => { for (const c of cleanups) await c(); });

async function tables(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`);
  const m = await c.query<{ migration_name: string; checksum: string }>(`SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY 1`);
  await c.end();
  return { tables: r.rows.map((x) => x.table_name), migrations: m.rows };
}

async function freshDatabase(): Promise<string> {
  if (process.env.TEST_EMBEDDED_DB) {
    const running = await startEmbeddedServer({ dataDir: "memory://", port: 0 });
    cleanups.push(running.stop);
    return `postgresql://postgres:postgres@127.0.0.1:${running.port}/postgres?sslmode=disable`;
  }
  const name = `iw_migrate_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  });
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe("migrations", () => {
  it("apply to an empty database, are recorded like Prisma Migrate records them, and are idempotent", async () => {
    const url = await freshDatabase();
    const expected = listMigrations();
    expect(expected.length).toBeGreaterThan(0);
    expect(await applyMigrations(url)).toEqual(expected.map((m) => m.name));
    const first = await tables(url);
    for (const t of ["users", "organizations", "memberships", "projects", "tracked_urls", "url_imports", "sitemaps", "submissions",
      "issues", "issue_url_memberships", "website_stats", "website_snapshots", "api_keys", "audit_logs", "credit_ledger_entries",
      "notifications", "notification_preferences", "push_targets", "sessions", "accounts", "verification_tokens", "oauth_states"]) {
      expect(first.tables).toContain(t);
    }
    expect(first.migrations).toEqual(expected.map((m) => ({ migration_name: m.name, checksum: m.checksum })));
    expect(await applyMigrations(url)).toEqual([]);
    expect(await tables(url)).toEqual(first);
  });

  it("two processes migrating at once apply each migration once", async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([applyMigrations(url), applyMigrations(url)]);
    expect([...a, ...b].sort()).toEqual(listMigrations().map((m) => m.name));
  });
});

describe("embedded database", () => {
  it("boots from nothing on disk, keeps data across restarts", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "iw-embedded-"));
    const dataDir = path.join(dir, "pglite");
    const first = await startEmbeddedServer({ dataDir, port: 0 });
    const url = `postgresql://postgres:postgres@127.0.0.1:${first.port}/postgres?sslmode=disable`;
    expect((await applyMigrations(url)).length).toBeGreaterThan(0);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`INSERT INTO organizations (id, name, slug, updated_at) VALUES (gen_random_uuid(), 'Kept', 'kept', now())`);
    await c.end();
    await first.stop();
    const second = await startEmbeddedServer({ dataDir, port: 0 });
    const url2 = `postgresql://postgres:postgres@127.0.0.1:${second.port}/postgres?sslmode=disable`;
    expect(await applyMigrations(url2)).toEqual([]);
    const c2 = new pg.Client({ connectionString: url2 });
    await c2.connect();
    expect((await c2.query(`SELECT name FROM organizations WHERE slug = 'kept'`)).rows).toEqual([{ name: "Kept" }]);
    await c2.end();
    await second.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
