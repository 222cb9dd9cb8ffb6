-- CreateTable
CREATE TABLE "url_facet_counts" (
    "project_id" UUID NOT NULL,
    "facet" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "urls" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "url_facet_counts_pkey" PRIMARY KEY ("project_id","facet","value")
);

-- AddForeignKey
ALTER TABLE "url_facet_counts" ADD CONSTRAINT "url_facet_counts_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The live counters' trigger also keeps url_facet_counts: one function, so every writer of
-- tracked_urls locks the project's website_stats row before its facet rows (the order issue
-- writers and lockProjectStats callers follow too), and facet rows in key order. A statement that
-- changes no counted value writes nothing. Disagreement values are those of lib/urls/url-filters.ts
-- (`any` is the sum of the two: they exclude each other).
CREATE OR REPLACE FUNCTION website_stats_on_tracked_urls() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  cols constant text := 'organization_id, project_id, health_state::text AS hs, indexability::text AS ix, engine_a_state::text AS ea, '
                        'engine_b_state::text AS eb, source::text AS so, stale_at';
  src text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    src := format('SELECT %s, 1 AS sign FROM new_rows', cols);
  ELSIF TG_OP = 'DELETE' THEN
    src := format('SELECT %s, -1 AS sign FROM old_rows', cols);
  ELSE
    src := format('SELECT %s, 1 AS sign FROM new_rows UNION ALL SELECT %s, -1 AS sign FROM old_rows', cols, cols);
  END IF;
  -- Transition tables are visible to queries this trigger function runs, dynamic ones included.
  EXECUTE format($q$
    INSERT INTO website_stats AS s (id, organization_id, project_id, total_urls, healthy_urls, broken_urls,
                                    redirected_urls, indexed_urls, not_indexed_urls, stale_urls, updated_at)
    SELECT gen_random_uuid(), organization_id, project_id, total, healthy, broken, redirected, indexed, not_indexed, stale, now()
    FROM (
      SELECT organization_id, project_id,
        coalesce(sum(sign), 0)::int AS total,
        coalesce(sum(sign) FILTER (WHERE hs = 'healthy'), 0)::int AS healthy,
        coalesce(sum(sign) FILTER (WHERE hs IN ('client_error', 'server_error', 'timeout')), 0)::int AS broken,
        coalesce(sum(sign) FILTER (WHERE hs = 'redirected'), 0)::int AS redirected,
        coalesce(sum(sign) FILTER (WHERE ea = 'indexed' OR eb = 'indexed'), 0)::int AS indexed,
        coalesce(sum(sign) FILTER (WHERE NOT (ea = 'indexed' OR eb = 'indexed') AND (ea <> 'unknown' OR eb <> 'unknown')), 0)::int AS not_indexed,
        coalesce(sum(sign) FILTER (WHERE stale_at IS NOT NULL), 0)::int AS stale
      FROM (%s) r GROUP BY organization_id, project_id
    ) d
    WHERE total <> 0 OR healthy <> 0 OR broken <> 0 OR redirected <> 0 OR indexed <> 0 OR not_indexed <> 0 OR stale <> 0
    ORDER BY project_id
    ON CONFLICT (project_id) DO UPDATE SET
      total_urls       = s.total_urls + EXCLUDED.total_urls,
      healthy_urls     = s.healthy_urls + EXCLUDED.healthy_urls,
      broken_urls      = s.broken_urls + EXCLUDED.broken_urls,
      redirected_urls  = s.redirected_urls + EXCLUDED.redirected_urls,
      indexed_urls     = s.indexed_urls + EXCLUDED.indexed_urls,
      not_indexed_urls = s.not_indexed_urls + EXCLUDED.not_indexed_urls,
      stale_urls       = s.stale_urls + EXCLUDED.stale_urls,
      updated_at       = now()
  $q$, src);
  EXECUTE format($q$
    INSERT INTO url_facet_counts AS c (project_id, facet, value, urls)
    SELECT project_id, f.facet, f.value, sum(sign)::int
    FROM (%s) r
    CROSS JOIN LATERAL (VALUES
      ('health_state', hs), ('indexability', ix), ('engine_a_state', ea), ('engine_b_state', eb), ('source', so),
      ('disagreement', CASE
        WHEN ix = 'indexable' AND (ea IN ('crawled_not_indexed', 'discovered_not_indexed', 'excluded', 'blocked') OR eb IN ('not_indexed', 'blocked'))
          THEN 'indexable_not_in_engine'
        WHEN ix IN ('noindex', 'canonicalized', 'blocked_by_robots') AND (ea = 'indexed' OR eb = 'indexed')
          THEN 'nonindexable_but_indexed'
      END)
    ) AS f(facet, value)
    WHERE f.value IS NOT NULL
    GROUP BY project_id, f.facet, f.value
    HAVING sum(sign) <> 0
    ORDER BY project_id, f.facet, f.value
    ON CONFLICT (project_id, facet, value) DO UPDATE SET urls = c.urls + EXCLUDED.urls
  $q$, src);
  RETURN NULL;
END $fn$;

-- Counts of the URLs tracked before this migration.
INSERT INTO url_facet_counts (project_id, facet, value, urls)
SELECT project_id, f.facet, f.value, count(*)::int
FROM tracked_urls t
CROSS JOIN LATERAL (VALUES
  ('health_state', t.health_state::text), ('indexability', t.indexability::text), ('engine_a_state', t.engine_a_state::text),
  ('engine_b_state', t.engine_b_state::text), ('source', t.source::text),
  ('disagreement', CASE
    WHEN t.indexability = 'indexable' AND (t.engine_a_state IN ('crawled_not_indexed', 'discovered_not_indexed', 'excluded', 'blocked') OR t.engine_b_state IN ('not_indexed', 'blocked'))
      THEN 'indexable_not_in_engine'
    WHEN t.indexability IN ('noindex', 'canonicalized', 'blocked_by_robots') AND (t.engine_a_state = 'indexed' OR t.engine_b_state = 'indexed')
      THEN 'nonindexable_but_indexed'
  END)
) AS f(facet, value)
WHERE f.value IS NOT NULL
GROUP BY project_id, f.facet, f.value;

-- Filtered totals now read url_facet_counts: the narrow indexes that served their counts go, and
-- every insert and non-HOT update of tracked_urls maintains four indexes fewer.
DROP INDEX IF EXISTS tracked_urls_project_id_indexability_idx;
DROP INDEX IF EXISTS tracked_urls_project_id_engine_a_state_idx;
DROP INDEX IF EXISTS tracked_urls_project_id_engine_b_state_idx;
DROP INDEX IF EXISTS tracked_urls_project_id_source_idx;

-- Room on each page for updated versions of a row: updates that touch no indexed column (IndexNow
-- columns, inspection timestamps, lastSeenInSitemapAt) stay on the page (HOT) and write no index entry.
ALTER TABLE tracked_urls SET (fillfactor = 90);
