// Near-duplicates among a project's indexable healthy pages: pages whose main texts' SimHashes (lib/audit/simhash.ts,
// kept in the field snapshot as `simhash`) differ in at most NEAR_BITS of 64 bits, grouped transitively. Recomputed with
// the diagnosis into duplicate_groups (kind near_content) and near_duplicates (one row per page of a group, read by the
// rules with one join).
//
// Without comparing all pairs: two hashes within 3 bits agree exactly on at least one of four 16-bit bands (pigeonhole),
// so each band's pages are sorted by that band and only pages sharing it are compared (popcount of the XOR). A bucket
// compares each page with the BUCKET_WINDOW pages after it only, in the order of the hash's next bits: a template shared
// by 50,000 pages costs 50,000 × 32 comparisons per band, not 1.25 billion. The hashes (8 bytes a page) are compared in
// Node: a million pages are 24 MB read in one value, and the comparisons a second at most; SQL would pay per row.
import type { OrgCtx } from "@/lib/core/context";
import { dbOf, Prisma } from "@/lib/db";
import { popcount32 } from "@/lib/core/bits";
import { GROUP_SAMPLE } from "./duplicate-groups";

/** Differing bits within which two pages are near-duplicates: 3 of 64, the usual choice (Manku et al., 2007). */
export const NEAR_BITS = 3;
/** Pages after it that a page is compared with in one band's bucket. */
export const BUCKET_WINDOW = 32;
/** Pages read per project (the hashes and ids of 4 million pages are 100 MB). */
export const MAX_NEAR_PAGES = 2 ** 22;

/** Band b (0-3) of a hash: its b-th 16 bits from the top. */
const band = (b: number, hi: number, lo: number) => (b === 0 ? hi >>> 16 : b === 1 ? hi & 0xffff : b === 2 ? lo >>> 16 : lo & 0xffff);

/** One stable counting-sort pass: the pages of `from` (all pages when null) into `to`, ordered by their 16-bit `key`. */
function radixPass(key: Uint16Array, from: Int32Array | null, to: Int32Array, count: Int32Array) {
  const n = to.length;
  count.fill(0);
  for (let i = 0; i < n; i++) count[key[i] + 1]++;
  for (let v = 1; v < count.length; v++) count[v] += count[v - 1];
  for (let j = 0; j < n; j++) {
    const i = from ? from[j] : j;
    to[count[key[i]]++] = i;
  }
}

export interface NearResult {
  /** Each page's group: the index of its group's root page (a page alone is its own root). */
  root: Int32Array;
  /** Pairs within NEAR_BITS found (a pair seen in several bands counts once per band). */
  pairs: number;
  /** Pairs compared. */
  comparisons: number;
}

/**
 * Groups `n` hashes (high and low 32 bits) whose members are chained by pairs within `bits` differing bits. Each band
 * orders the pages by its value, then by the next band's value, with two counting passes (no comparison sort: four
 * sorts of a million keys took half a second).
 */
export function nearGroups(hi: Uint32Array, lo: Uint32Array, n: number, bits = NEAR_BITS, window = BUCKET_WINDOW): NearResult {
  if (n > MAX_NEAR_PAGES) throw new RangeError(`at most ${MAX_NEAR_PAGES} hashes`);
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (x: number) => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  // Each band's pages in sorted order (a two-pass radix sort: by the next band's top bits, then by the band, stably),
  // with their bucket and hash side by side for the comparisons below.
  const byNext = new Int32Array(n);
  const at = new Int32Array(n);
  const key = new Uint16Array(n);
  const next = new Uint16Array(n);
  const count = new Int32Array(65537);
  const bucket = new Int32Array(n);
  const sortedHi = new Uint32Array(n);
  const sortedLo = new Uint32Array(n);
  let pairs = 0;
  let comparisons = 0;
  for (let b = 0; b < 4; b++) {
    for (let i = 0; i < n; i++) {
      key[i] = band(b, hi[i], lo[i]);
      next[i] = band((b + 1) % 4, hi[i], lo[i]);
    }
    radixPass(next, null, byNext, count);
    radixPass(key, byNext, at, count);
    for (let j = 0; j < n; j++) {
      const i = at[j];
      bucket[j] = key[i];
      sortedHi[j] = hi[i];
      sortedLo[j] = lo[i];
    }
    for (let j = 0; j < n; j++) {
      const end = Math.min(n, j + 1 + window);
      for (let m = j + 1; m < end && bucket[m] === bucket[j]; m++) {
        comparisons++;
        if (popcount32(sortedHi[j] ^ sortedHi[m]) + popcount32(sortedLo[j] ^ sortedLo[m]) > bits) continue;
        pairs++;
        const rx = find(at[j]);
        const ry = find(at[m]);
        if (rx !== ry) parent[Math.max(rx, ry)] = Math.min(rx, ry);
      }
    }
  }
  for (let i = 0; i < n; i++) parent[i] = find(i);
  return { root: parent, pairs, comparisons };
}

export interface NearRun {
  groups: number;
  pages: number;
  /** Pages whose hashes were compared. */
  hashed: number;
}

/**
 * Replaces the project's near-duplicate groups (duplicate_groups of kind near_content, and their pages). A group holds
 * at least two distinct main texts: pages with the same main text are exact copies, the `content` kind; they join a
 * near group only together with a text that is near theirs.
 */
export async function refreshNearDuplicates(ctx: OrgCtx, projectId: string, now: Date): Promise<NearRun> {
  const tx = dbOf(ctx);
  await tx.$executeRaw(Prisma.sql`DELETE FROM near_duplicates WHERE project_id = ${projectId}::uuid`);
  await tx.$executeRaw(Prisma.sql`DELETE FROM duplicate_groups WHERE project_id = ${projectId}::uuid AND kind = 'near_content'`);
  // One value: each page's hash (8 bytes) and id (16 bytes), so a million pages cross as 24 MB, not a million rows.
  // The hash is checked in the SELECT, not the WHERE (string_agg skips the NULLs): a filter on it makes the planner
  // expect few snapshots and hash them, whole, instead of the pages' ids (250 MB instead of 34 MB at a million URLs).
  const [read] = await tx.$queryRaw<{ b: Uint8Array | null }[]>(Prisma.sql`
    SELECT string_agg(p.b, ''::bytea) AS b FROM (
      SELECT CASE WHEN s.fields->>'simhash' ~ '^[0-9a-f]{16}$' THEN decode(s.fields->>'simhash', 'hex') || uuid_send(t.id) END AS b
      FROM tracked_urls t JOIN url_field_snapshots s ON s.tracked_url_id = t.id
      WHERE t.project_id = ${projectId}::uuid AND t.indexability = 'indexable' AND t.health_state = 'healthy'
      LIMIT ${MAX_NEAR_PAGES}) p`);
  const buf = read?.b ? Buffer.from(read.b.buffer, read.b.byteOffset, read.b.byteLength) : Buffer.alloc(0);
  const n = Math.min(buf.length / 24, MAX_NEAR_PAGES);
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    hi[i] = buf.readUInt32BE(i * 24);
    lo[i] = buf.readUInt32BE(i * 24 + 4);
  }
  const { root } = nearGroups(hi, lo, n);
  const size = new Int32Array(n);
  for (let i = 0; i < n; i++) size[root[i]]++;
  const ids: string[] = [];
  const groups: number[] = [];
  for (let i = 0; i < n; i++) {
    if (size[root[i]] < 2) continue;
    const h = buf.toString("hex", i * 24 + 8, i * 24 + 24);
    ids.push(`${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`);
    groups.push(root[i]);
  }
  if (!ids.length) return { groups: 0, pages: 0, hashed: n };
  const [written] = await tx.$queryRaw<{ groups: number; pages: number }[]>(writeGroupsSql(ctx.org.id, projectId, ids, groups, now));
  return { groups: written?.groups ?? 0, pages: written?.pages ?? 0, hashed: n };
}

/**
 * The groups' rows: each group's kept page chosen like the exact kinds' (most inlinks, then the shortest URL, then the
 * first tracked), each page's similarity to it (64 minus the differing bits, over 64), the group's key its smallest
 * main-text hash. Groups of one main text only (exact copies chained to nothing else) are left out.
 */
function writeGroupsSql(organizationId: string, projectId: string, ids: string[], groups: number[], now: Date): Prisma.Sql {
  return Prisma.sql`
    WITH m AS (SELECT * FROM unnest(string_to_array(${ids.join(",")}, ',')::uuid[], string_to_array(${groups.join(",")}, ',')::int[]) AS m(id, grp)),
    pages AS MATERIALIZED (
      SELECT m.grp, t.id, t.url, uf.inlinks, t.discovered_at, s.fields->>'main_text_hash' AS h, ('x' || (s.fields->>'simhash'))::bit(64) AS sh
      FROM m JOIN tracked_urls t ON t.id = m.id JOIN url_field_snapshots s ON s.tracked_url_id = t.id LEFT JOIN url_facts uf ON uf.tracked_url_id = t.id
      WHERE t.project_id = ${projectId}::uuid),
    texts AS (SELECT grp, min(h) AS key FROM pages GROUP BY grp HAVING count(DISTINCT h) > 1),
    ranked AS (
      SELECT p.*, x.key, row_number() OVER (PARTITION BY p.grp ORDER BY p.inlinks DESC NULLS LAST, length(p.url), p.discovered_at, p.id) AS n,
             count(*) OVER (PARTITION BY p.grp) AS urls
      FROM pages p JOIN texts x USING (grp)),
    scored AS MATERIALIZED (
      SELECT r.id, r.url, r.key, r.n, r.urls, k.id AS kept_id, k.url AS kept_url, round(100 * (64 - bit_count(r.sh # k.sh)) / 64.0)::smallint AS similarity
      FROM ranked r JOIN ranked k ON k.grp = r.grp AND k.n = 1),
    members AS (
      INSERT INTO near_duplicates (tracked_url_id, project_id, group_key, canonical_url_id, canonical_url, urls, similarity)
      SELECT id, ${projectId}::uuid, key, kept_id, kept_url, urls, similarity FROM scored
      RETURNING 1),
    written AS (
      INSERT INTO duplicate_groups (id, organization_id, project_id, kind, key, urls, canonical_url_id, canonical_url, sample_urls, similarity, computed_at)
      SELECT gen_random_uuid(), ${organizationId}::uuid, ${projectId}::uuid, 'near_content', key, max(urls)::int, (array_agg(kept_id))[1], (array_agg(kept_url))[1],
             array_agg(url ORDER BY n) FILTER (WHERE n <= ${GROUP_SAMPLE}), min(similarity) FILTER (WHERE n > 1), ${now}
      FROM scored GROUP BY key
      RETURNING 1)
    SELECT (SELECT count(*)::int FROM written) AS groups, (SELECT count(*)::int FROM members) AS pages`;
}
