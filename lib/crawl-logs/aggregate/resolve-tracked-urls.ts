import { db, Prisma } from "@/lib/db";
import { flatCopy } from "../read/flat-copy";

const CACHE_CAP = 50_000;
/** A project with at most this many tracked URLs is read into memory once per run (about 9 MB per 100,000). */
export const PRELOAD_MAX_URLS = 250_000;
const PAGE = 50_000;

/** The tracked URL id of a path on the project's host (`/path?query`), or null. */
export type TrackedUrlLookup = (path: string) => string | null;

/**
 * Tracked URL ids by path on the project's host (the scheme left out: a log does not say it; https is preferred
 * when the project tracks both). A project of up to PRELOAD_MAX_URLS URLs is read once (`preload`), compactly (each
 * path once, each id as 16 bytes): then no chunk asks the database. A larger one is asked per chunk, one query per
 * 20,000 paths, with a bounded cache across chunks (misses too) that is cleared whole when full, so memory stays flat.
 */
export class TrackedUrlResolver {
  private readonly cache = new Map<string, string | null>();
  private slots: Map<string, number> | null = null;
  private ids: Buffer | null = null;

  constructor(private readonly projectId: string, private readonly domain: string) {}

  /** Reads every tracked URL of the project when there are at most `max`; false (nothing read) when there are more. */
  async preload(max = PRELOAD_MAX_URLS): Promise<boolean> {
    const [{ n }] = await db.$queryRaw<{ n: number }[]>(Prisma.sql`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM tracked_urls WHERE project_id = ${this.projectId}::uuid LIMIT ${max + 1}) x`);
    if (n > max) return false;
    const slots = new Map<string, number>();
    const ids = Buffer.alloc(Math.max(1, n) * 16);
    const https = `https://${this.domain}`;
    const http = `http://${this.domain}`;
    let used = 0;
    let after = "";
    for (;;) {
      // Keyset pages on the (project_id, url) index: never one result of the whole project in memory.
      const rows = await db.$queryRaw<{ id: string; url: string }[]>(Prisma.sql`
        SELECT id::text AS id, url FROM tracked_urls WHERE project_id = ${this.projectId}::uuid AND url > ${after} ORDER BY url LIMIT ${PAGE}`);
      for (const r of rows) {
        const secure = r.url.startsWith(https) ? true : r.url.startsWith(http) ? false : null;
        // Another host (www., a subdomain) is never what a log line of this host names.
        const rest = secure === null ? "" : r.url.slice(secure ? https.length : http.length);
        if (!rest.startsWith("/")) continue;
        const path = flatCopy(rest);
        const prior = slots.get(path);
        if (prior !== undefined && !secure) continue;
        // More URLs than counted (added meanwhile): this run asks the database per chunk instead.
        if (prior === undefined && used * 16 >= ids.length) return false;
        const slot = prior ?? used++;
        writeUuid(ids, slot * 16, r.id);
        slots.set(path, slot);
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1].url;
    }
    this.slots = slots;
    this.ids = ids;
    return true;
  }

  async resolve(paths: Iterable<string>): Promise<TrackedUrlLookup> {
    if (this.slots && this.ids) {
      const { slots, ids } = this;
      return (path) => {
        const slot = slots.get(path);
        return slot === undefined ? null : readUuid(ids, slot * 16);
      };
    }
    const out = new Map<string, string | null>();
    const missing: string[] = [];
    for (const p of paths) {
      if (out.has(p)) continue;
      const hit = this.cache.get(p);
      if (hit !== undefined) out.set(p, hit);
      else { missing.push(p); out.set(p, null); }
    }
    for (let i = 0; i < missing.length; i += 20_000) {
      const batch = missing.slice(i, i + 20_000);
      const urls = batch.flatMap((p) => [`https://${this.domain}${p}`, `http://${this.domain}${p}`]);
      const rows = await db.$queryRaw<{ id: string; url: string }[]>(Prisma.sql`
        SELECT id::text AS id, url FROM tracked_urls WHERE project_id = ${this.projectId}::uuid AND url = ANY(${urls}::text[])`);
      const found = new Map<string, { id: string; https: boolean }>();
      for (const r of rows) {
        const https = r.url.startsWith("https://");
        const path = r.url.slice((https ? 8 : 7) + this.domain.length);
        const prior = found.get(path);
        if (!prior || (https && !prior.https)) found.set(path, { id: r.id, https });
      }
      if (this.cache.size + batch.length > CACHE_CAP) this.cache.clear();
      for (const p of batch) {
        const id = found.get(p)?.id ?? null;
        out.set(p, id);
        this.cache.set(p, id);
      }
    }
    return (path) => out.get(path) ?? null;
  }
}

function writeUuid(buf: Buffer, at: number, uuid: string): void {
  buf.write(uuid.replace(/-/g, ""), at, 16, "hex");
}

function readUuid(buf: Buffer, at: number): string {
  const h = buf.toString("hex", at, at + 16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
