-- Indexes for the URL list filters (bench/urls). Partial indexes are not expressible in the Prisma
-- schema; migration-create diffs datamodels only, so it never proposes to drop them. The predicates
-- must stay word for word the same as the conditions in lib/urls/url-filters.ts.
CREATE INDEX IF NOT EXISTS tracked_urls_stale_list_idx ON tracked_urls (project_id, discovered_at, id) WHERE stale_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS tracked_urls_indexable_not_in_engine_idx ON tracked_urls (project_id, discovered_at, id) WHERE indexability = 'indexable' AND (engine_a_state IN ('crawled_not_indexed', 'discovered_not_indexed', 'excluded', 'blocked') OR engine_b_state IN ('not_indexed', 'blocked'));
CREATE INDEX IF NOT EXISTS tracked_urls_nonindexable_but_indexed_idx ON tracked_urls (project_id, discovered_at, id) WHERE indexability IN ('noindex', 'canonicalized', 'blocked_by_robots') AND (engine_a_state = 'indexed' OR engine_b_state = 'indexed');
CREATE INDEX IF NOT EXISTS tracked_urls_disagreement_idx ON tracked_urls (project_id, discovered_at, id) WHERE (indexability = 'indexable' AND (engine_a_state IN ('crawled_not_indexed', 'discovered_not_indexed', 'excluded', 'blocked') OR engine_b_state IN ('not_indexed', 'blocked'))) OR (indexability IN ('noindex', 'canonicalized', 'blocked_by_robots') AND (engine_a_state = 'indexed' OR engine_b_state = 'indexed'));
CREATE INDEX IF NOT EXISTS issue_url_memberships_open_idx ON issue_url_memberships (issue_id, tracked_url_id) WHERE resolved_at IS NULL;
-- Narrow indexes that halve the time to count a common value.
CREATE INDEX IF NOT EXISTS tracked_urls_project_id_indexability_idx ON tracked_urls (project_id, indexability);
CREATE INDEX IF NOT EXISTS tracked_urls_project_id_engine_a_state_idx ON tracked_urls (project_id, engine_a_state);
CREATE INDEX IF NOT EXISTS tracked_urls_project_id_engine_b_state_idx ON tracked_urls (project_id, engine_b_state);
CREATE INDEX IF NOT EXISTS tracked_urls_project_id_source_idx ON tracked_urls (project_id, source);
