// Exact duplicates among a project's indexable pages (status 200, indexable by our audit), from the site watch's field
// snapshot: pages sharing one main-text hash, one title, or one meta description. Recomputed set-wise with the
// diagnosis into duplicate_groups, one row per group with its kept page (canonical: most inlinks, then the shortest URL,
// then the first tracked) and a sample.
import type { OrgCtx } from "@/lib/core/context";
import { dbOf, Prisma } from "@/lib/db";
import { THRESHOLDS } from "./causes";
import { wholeNumber } from "./rules-sql";

export const DUPLICATE_KINDS = ["content", "title", "description"] as const;
export type DuplicateKind = (typeof DUPLICATE_KINDS)[number];
/** Every kind of group: the exact ones, and near-duplicates of the main text (lib/diagnosis/near-duplicates.ts). */
export const DUPLICATE_GROUP_KINDS = [...DUPLICATE_KINDS, "near_content"] as const;
export type DuplicateGroupKind = (typeof DUPLICATE_GROUP_KINDS)[number];

/** URLs kept per group as its sample. */
export const GROUP_SAMPLE = 10;

/**
 * `text` with each run of white space made one space, trimmed of spaces, lowercase, empty as null. The replacement
 * (a regular expression called once per match: a title of ten words is ten calls, 9 s for half a million titles
 * under load) runs only on a text holding a run or a tab or newline (a match, 1.4 s); elsewhere trimming is the same.
 */
const normalized = (text: string) =>
  `nullif(lower(CASE WHEN ${text} ~ '\\s\\s|[^\\S ]' THEN regexp_replace(trim(${text}), '\\s+', ' ', 'g') ELSE trim(${text}) END), '')`;

// The group key of each kind: the main text's hash (pages with real text only: near-empty pages all share one hash,
// and are soft-404 suspects instead); the title and meta description, white space collapsed, lowercase.
const KEY: Record<DuplicateKind, string> = {
  content: `CASE WHEN ${wholeNumber("s.fields->>'word_count'")} >= ${THRESHOLDS.nearEmptyWords} THEN s.fields->>'main_text_hash' END`,
  title: normalized("s.fields->>'title'"),
  description: normalized("s.fields->>'meta_description'"),
};

/** Each kind's key of snapshot `s` as `k(kind, key, seed)`: the seed of its hash, so that one text is not two kinds' key. */
const KEYS_OF_S = Prisma.raw(`CROSS JOIN LATERAL (VALUES ${DUPLICATE_KINDS.map((k, i) => `('${k}', ${KEY[k]}, ${i})`).join(", ")}) AS k(kind, key, seed)`);
/** The hash of each kind's key of snapshot `s`, as columns h0, h1, h2 (null without a key). */
const HASHES_OF_S = Prisma.raw(DUPLICATE_KINDS.map((k, i) => `hashtextextended(${KEY[k]}, ${i}) AS h${i}`).join(", "));
/** `select` over each kind's hash column of duplicate_keys `d`, as one UNION ALL (three plain scans, no per-row join). */
const eachHash = (select: (i: number) => string) => Prisma.raw(DUPLICATE_KINDS.map((_, i) => select(i)).join(" UNION ALL "));

/**
 * Replaces the project's duplicate groups; answers how many groups of each kind. The pages are read once, for the
 * three kinds, into a temporary table of each page's three keys as 64-bit hashes (a statement that runs on every
 * core, the keys worked out in the parallel workers; a million hashes fit in memory where the keys themselves spilled
 * to disk). The hashes held more than once give the few pages of a group; only their keys are worked out again, to
 * group them by the key itself (two keys sharing a hash make no group: urls > 1), rank them (their rows looked up one
 * by one: the planner knows how few they are) and write the groups.
 */
export async function refreshDuplicateGroups(ctx: OrgCtx, projectId: string, now: Date): Promise<Record<DuplicateKind, number>> {
  const tx = dbOf(ctx);
  await tx.$executeRaw(Prisma.sql`DELETE FROM duplicate_groups WHERE project_id = ${projectId}::uuid`);
  // The planner prices each key's functions (a regular expression, lower()) as one operator each, so it finds the
  // pages not worth sending through parallel workers at the default cost per row sent (0.1); at 0.01, this statement
  // alone runs on every core (the setting goes back to the default right after it).
  await tx.$executeRaw`SET LOCAL parallel_tuple_cost = 0.01`;
  await tx.$executeRaw(Prisma.sql`
    CREATE TEMP TABLE duplicate_keys ON COMMIT DROP AS
    SELECT t.id, ${HASHES_OF_S}
    FROM tracked_urls t JOIN url_field_snapshots s ON s.tracked_url_id = t.id
    WHERE t.project_id = ${projectId}::uuid AND t.indexability = 'indexable' AND t.health_state = 'healthy'`);
  await tx.$executeRaw`SET LOCAL parallel_tuple_cost TO DEFAULT`;
  await tx.$executeRaw`
    CREATE TEMP TABLE duplicate_members ON COMMIT DROP AS
    WITH held AS MATERIALIZED (
      SELECT h FROM (${eachHash((i) => `SELECT h${i} AS h FROM duplicate_keys WHERE h${i} IS NOT NULL`)}) k GROUP BY h HAVING count(*) > 1)
    ${eachHash((i) => `SELECT ${i} AS seed, id FROM duplicate_keys WHERE h${i} IN (SELECT h FROM held)`)}`;
  await tx.$executeRaw`ANALYZE duplicate_members`;
  const rows = await tx.$queryRaw<{ kind: DuplicateKind; n: number }[]>(Prisma.sql`
    WITH members AS (
      SELECT k.kind, k.key, t.id, t.url, t.discovered_at, count(*) OVER (PARTITION BY k.kind, k.key) AS urls,
             (SELECT uf.inlinks FROM url_facts uf WHERE uf.tracked_url_id = m.id) AS inlinks
      FROM duplicate_members m JOIN url_field_snapshots s ON s.tracked_url_id = m.id ${KEYS_OF_S}
      JOIN tracked_urls t ON t.id = m.id
      WHERE k.seed = m.seed),
    ranked AS (
      SELECT kind, key, id, url, urls,
             row_number() OVER (PARTITION BY kind, key ORDER BY inlinks DESC NULLS LAST, length(url), discovered_at, id) AS n
      FROM members WHERE urls > 1),
    written AS (
      INSERT INTO duplicate_groups (id, organization_id, project_id, kind, key, urls, canonical_url_id, canonical_url, sample_urls, computed_at)
      SELECT gen_random_uuid(), ${ctx.org.id}::uuid, ${projectId}::uuid, kind, key, max(urls)::int,
             (array_agg(id ORDER BY n) FILTER (WHERE n = 1))[1], (array_agg(url ORDER BY n) FILTER (WHERE n = 1))[1],
             array_agg(url ORDER BY n) FILTER (WHERE n <= ${GROUP_SAMPLE}), ${now}
      FROM ranked GROUP BY kind, key
      RETURNING kind)
    SELECT kind, count(*)::int AS n FROM written GROUP BY kind`);
  const counts = Object.fromEntries(DUPLICATE_KINDS.map((k) => [k, 0])) as Record<DuplicateKind, number>;
  for (const r of rows) counts[r.kind] = r.n;
  return counts;
}
