// Exact duplicates among a project's indexable pages (status 200, indexable by our audit), from the site watch's field
// snapshot: pages sharing one main-text hash, one title, or one meta description. Recomputed set-wise with the
// diagnosis into duplicate_groups, one row per group with its kept page (canonical: most inlinks, then the shortest URL,
// then the first tracked) and a sample.
import type { OrgCtx } from "@/lib/core/context";
import { dbOf, Prisma } from "@/lib/db";
import { THRESHOLDS } from "./causes";

export const DUPLICATE_KINDS = ["content", "title", "description"] as const;
export type DuplicateKind = (typeof DUPLICATE_KINDS)[number];
/** Every kind of group: the exact ones, and near-duplicates of the main text (lib/diagnosis/near-duplicates.ts). */
export const DUPLICATE_GROUP_KINDS = [...DUPLICATE_KINDS, "near_content"] as const;
export type DuplicateGroupKind = (typeof DUPLICATE_GROUP_KINDS)[number];

/** URLs kept per group as its sample. */
export const GROUP_SAMPLE = 10;

// The group key of each kind: the main text's hash (pages with real text only: near-empty pages all share one hash,
// and are soft-404 suspects instead); the title and meta description, whitespace collapsed, lowercase.
const KEY: Record<DuplicateKind, string> = {
  content: `CASE WHEN s.fields->>'word_count' ~ '^[0-9]{1,9}$' AND (s.fields->>'word_count')::int >= ${THRESHOLDS.nearEmptyWords} THEN s.fields->>'main_text_hash' END`,
  title: `nullif(lower(regexp_replace(trim(s.fields->>'title'), '\\s+', ' ', 'g')), '')`,
  description: `nullif(lower(regexp_replace(trim(s.fields->>'meta_description'), '\\s+', ' ', 'g')), '')`,
};

/**
 * Replaces the project's duplicate groups; answers how many groups of each kind. One statement: the pages are read
 * once for the three kinds (each page gives up to three keys). The keys held more than once are found by a 64-bit hash
 * of each (kind and key), a million of which fit in memory where the keys themselves spilled to disk; only their pages
 * are read again, for the ranking, grouped by the key itself (two keys sharing a hash make no group: urls > 1).
 */
export async function refreshDuplicateGroups(ctx: OrgCtx, projectId: string, now: Date): Promise<Record<DuplicateKind, number>> {
  const tx = dbOf(ctx);
  await tx.$executeRaw(Prisma.sql`DELETE FROM duplicate_groups WHERE project_id = ${projectId}::uuid`);
  const rows = await tx.$queryRaw<{ kind: DuplicateKind; n: number }[]>(Prisma.sql`
    WITH pages AS MATERIALIZED (
      SELECT t.id, ${Prisma.raw(DUPLICATE_KINDS.map((k) => `${KEY[k]} AS ${k}`).join(", "))}
      FROM tracked_urls t JOIN url_field_snapshots s ON s.tracked_url_id = t.id
      WHERE t.project_id = ${projectId}::uuid AND t.indexability = 'indexable' AND t.health_state = 'healthy'),
    keyed AS NOT MATERIALIZED (
      SELECT k.kind, k.key, hashtextextended(k.key, k.seed) AS h, p.id
      FROM pages p CROSS JOIN LATERAL (VALUES ${Prisma.raw(DUPLICATE_KINDS.map((k, i) => `('${k}', p.${k}, ${i})`).join(", "))}) AS k(kind, key, seed)
      WHERE k.key IS NOT NULL),
    dup AS MATERIALIZED (SELECT h FROM keyed GROUP BY h HAVING count(*) > 1),
    members AS (
      SELECT k.kind, k.key, t.id, t.url, uf.inlinks, t.discovered_at, count(*) OVER (PARTITION BY k.kind, k.key) AS urls
      FROM keyed k JOIN dup USING (h) JOIN tracked_urls t ON t.id = k.id LEFT JOIN url_facts uf ON uf.tracked_url_id = k.id),
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
