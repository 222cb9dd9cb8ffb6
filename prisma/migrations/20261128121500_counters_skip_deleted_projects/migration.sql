-- The live counters' statement trigger on tracked_urls wrote website_stats and url_facet_counts rows for every project
-- its rows named, also for a project being deleted: purging an organization (projects → tracked_urls by cascade) then
-- failed on website_stats_project_id_fkey, because the trigger inserted a counter row for the project just deleted.
-- As url_facet_counts_on_url_facts already does, both writes now join projects: a project being deleted is skipped
-- (its counters go with it by their own cascade).
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
    WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = d.project_id)
      AND (total <> 0 OR healthy <> 0 OR broken <> 0 OR redirected <> 0 OR indexed <> 0 OR not_indexed <> 0 OR stale <> 0)
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
    SELECT g.project_id, f.facet, f.value, sum(g.n)::int
    FROM (SELECT project_id, hs, ix, ea, eb, so, sum(sign) AS n FROM (%s) r GROUP BY project_id, hs, ix, ea, eb, so) g
    JOIN projects p ON p.id = g.project_id
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
    GROUP BY g.project_id, f.facet, f.value
    HAVING sum(g.n) <> 0
    ORDER BY g.project_id, f.facet, f.value
    ON CONFLICT (project_id, facet, value) DO UPDATE SET urls = c.urls + EXCLUDED.urls
  $q$, src);
  RETURN NULL;
END $fn$;
