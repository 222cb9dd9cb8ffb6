-- Live WebsiteStats counters for tracked URLs, kept exact by statement-level triggers: each INSERT,
-- UPDATE or DELETE statement applies its net change per project in one upsert (row-locked, so
-- concurrent writers serialize on the stats row). Updates that change no counted column write nothing.
-- Definitions: broken = client_error | server_error | timeout; indexed = either engine reports indexed;
-- not indexed = an engine reported a state and neither reports indexed; stale = stale_at set.

CREATE OR REPLACE FUNCTION website_stats_on_tracked_urls() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  cols constant text := 'organization_id, project_id, health_state::text AS hs, engine_a_state::text AS ea, engine_b_state::text AS eb, stale_at';
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
  RETURN NULL;
END $fn$;

CREATE TRIGGER tracked_urls_stats_insert AFTER INSERT ON tracked_urls
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION website_stats_on_tracked_urls();
CREATE TRIGGER tracked_urls_stats_update AFTER UPDATE ON tracked_urls
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION website_stats_on_tracked_urls();
CREATE TRIGGER tracked_urls_stats_delete AFTER DELETE ON tracked_urls
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION website_stats_on_tracked_urls();
