import { db, Prisma } from "@/lib/db";

const CACHE_CAP = 50_000;
/** A project with at most this many tracked URLs is read into memory once per run (about 15 MB per 100,000). */
export const PRELOAD_MAX_URLS = 250_000;
const PAGE = 50_000;

/**
 * Tracked URL ids by URL key (`host/path?query`, the scheme left out: a log does not say it). https is
 * preferred when the project tracks both. A project of up to PRELOAD_MAX_URLS URLs is read once (`preload`):
 * then no chunk asks the database. A larger one is asked per chunk, one query per 20,000 keys, with a bounded
 * cache across chunks (misses too) that is cleared whole when full, so memory stays flat.
 */
export class TrackedUrlResolver {
  private readonly cache = new Map<string, string | null>();
  private all: Map<string, string> | null = null;

  constructor(private readonly projectId: string) {}

  /** Reads every tracked URL of the project when there are at most `max`; false (nothing read) when there are more. */
  async preload(max = PRELOAD_MAX_URLS): Promise<boolean> {
    const [{ n }] = await db.$queryRaw<{ n: number }[]>(Prisma.sql`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM tracked_urls WHERE project_id = ${this.projectId}::uuid LIMIT ${max + 1}) x`);
    if (n > max) return false;
    const all = new Map<string, string>();
    let after = "";
    for (;;) {
      // Keyset pages on the (project_id, url) index: never one result of the whole project in memory.
      const rows = await db.$queryRaw<{ id: string; url: string }[]>(Prisma.sql`
        SELECT id::text AS id, url FROM tracked_urls WHERE project_id = ${this.projectId}::uuid AND url > ${after} ORDER BY url LIMIT ${PAGE}`);
      for (const r of rows) {
        const secure = r.url.startsWith("https://");
        const key = r.url.slice(secure ? 8 : 7);
        if (secure || !all.has(key)) all.set(key, r.id);
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1].url;
    }
    this.all = all;
    return true;
  }

  async resolve(keys: Iterable<string>): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    if (this.all) {
      for (const k of keys) out.set(k, this.all.get(k) ?? null);
      return out;
    }
    const missing: string[] = [];
    for (const k of keys) {
      if (out.has(k)) continue;
      const hit = this.cache.get(k);
      if (hit !== undefined) out.set(k, hit);
      else { missing.push(k); out.set(k, null); }
    }
    for (let i = 0; i < missing.length; i += 20_000) {
      const batch = missing.slice(i, i + 20_000);
      const urls = batch.flatMap((k) => [`https://${k}`, `http://${k}`]);
      const rows = await db.$queryRaw<{ id: string; url: string }[]>(Prisma.sql`
        SELECT id::text AS id, url FROM tracked_urls WHERE project_id = ${this.projectId}::uuid AND url = ANY(${urls}::text[])`);
      const found = new Map<string, { id: string; https: boolean }>();
      for (const r of rows) {
        const https = r.url.startsWith("https://");
        const key = r.url.slice(https ? 8 : 7);
        const prior = found.get(key);
        if (!prior || (https && !prior.https)) found.set(key, { id: r.id, https });
      }
      if (this.cache.size + batch.length > CACHE_CAP) this.cache.clear();
      for (const k of batch) {
        const id = found.get(k)?.id ?? null;
        out.set(k, id);
        this.cache.set(k, id);
      }
    }
    return out;
  }
}
