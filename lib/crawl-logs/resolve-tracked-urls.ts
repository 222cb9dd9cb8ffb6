import { db, Prisma } from "@/lib/db";

const CACHE_CAP = 50_000;

/**
 * Tracked URL ids by URL key (`host/path?query`, the scheme left out: a log does not say it). https is
 * preferred when the project tracks both. A bounded cache across chunks (misses too) keeps repeated
 * URLs to one lookup; the cache is cleared whole when full, so memory stays flat.
 */
export class TrackedUrlResolver {
  private readonly cache = new Map<string, string | null>();

  constructor(private readonly projectId: string) {}

  async resolve(keys: Iterable<string>): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
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
