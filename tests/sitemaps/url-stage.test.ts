import { describe, expect, it } from "vitest";
import { db, Prisma, sqlExecute } from "@/lib/db";
import { UrlStage } from "@/lib/sitemaps/sync/url-stage";

type Line = { seq: number; url: string; lastmod: Date | null };

async function linesOf(stage: UrlStage): Promise<Line[]> {
  const rows = await db.$queryRaw<{ seq: bigint; url: string; lastmod: Date | null }[]>(
    Prisma.sql`SELECT seq, url, lastmod FROM ${stage.table} ORDER BY seq`,
  );
  return rows.map((r) => ({ seq: Number(r.seq), url: r.url, lastmod: r.lastmod }));
}

async function stageTables(): Promise<string[]> {
  const rows = await db.$queryRaw<{ name: string }[]>(
    Prisma.sql`SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND relname LIKE 'sitemap\\_sync\\_stage\\_%'`,
  );
  return rows.map((r) => r.name);
}

const url = (i: number) => `https://stage.example/catalog/a-long-enough-path-to-fill-blocks-quickly/item-${i}`;

describe("UrlStage", () => {
  it("loads every line written, across many blocks, with its lastmod and sequence", async () => {
    const stage = await UrlStage.create();
    try {
      const lastmod = new Date("2024-05-01T10:15:00.123Z");
      for (let i = 0; i < 12_000; i++) await stage.write(url(i), i % 2 ? lastmod : undefined);
      await stage.finish();

      const lines = await linesOf(stage);
      expect(lines).toHaveLength(12_000);
      expect(lines.map((l) => l.seq)).toEqual(Array.from({ length: 12_000 }, (_, i) => i));
      expect(lines[0]).toEqual({ seq: 0, url: url(0), lastmod: null });
      expect(lines[11_999]).toEqual({ seq: 11_999, url: url(11_999), lastmod });
    } finally {
      await stage.dispose();
    }
  });

  it("takes back the lines after a mark, whether still buffered or already loaded", async () => {
    const stage = await UrlStage.create();
    try {
      for (let i = 0; i < 100; i++) await stage.write(url(i), undefined);
      const early = stage.mark();
      // Far more than a block: most of these reach the table before the rollback.
      for (let i = 100; i < 10_000; i++) await stage.write(url(i), undefined);
      await stage.rollback(early);
      for (let i = 0; i < 3; i++) await stage.write(url(50_000 + i), undefined);
      const late = stage.mark();
      await stage.write(url(60_000), undefined);
      await stage.rollback(late);
      await stage.finish();

      const lines = await linesOf(stage);
      expect(lines.map((l) => l.url)).toEqual([
        ...Array.from({ length: 100 }, (_, i) => url(i)),
        url(50_000), url(50_001), url(50_002),
      ]);
      expect(lines.map((l) => l.seq)).toEqual(Array.from({ length: 103 }, (_, i) => i));
    } finally {
      await stage.dispose();
    }
  });

  it("drops its table on dispose, and the tables of syncs that died more than 6 hours ago on the next create", async () => {
    const orphan = `sitemap_sync_stage_${Date.now() - 7 * 3600_000}_0123456789ab`;
    const recent = `sitemap_sync_stage_${Date.now() - 3600_000}_ba9876543210`;
    for (const name of [orphan, recent]) await sqlExecute(Prisma.sql`CREATE UNLOGGED TABLE ${Prisma.raw(name)} (seq bigint)`);
    try {
      const stage = await UrlStage.create();
      const tables = await stageTables();
      expect(tables).not.toContain(orphan);
      expect(tables).toContain(recent);
      expect(stage.name).toMatch(/^sitemap_sync_stage_\d+_[0-9a-f]{12}$/);
      expect(tables).toContain(stage.name);

      await stage.dispose();
      expect(await stageTables()).not.toContain(stage.name);
    } finally {
      await sqlExecute(Prisma.sql`DROP TABLE IF EXISTS ${Prisma.raw(recent)}`);
    }
  });
});
