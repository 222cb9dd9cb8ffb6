-- The URL list under the overview's counters (counter=broken, counter=not_indexed) walks these in inventory order, as
-- the disagreement filters walk theirs (20261122003000_url_list_indexes); the predicates are those of lib/urls/url-filters.ts
-- so that the planner matches them. `indexed` (most URLs of an indexed site) reads well enough along the inventory.
CREATE INDEX IF NOT EXISTS tracked_urls_broken_list_idx ON tracked_urls (project_id, discovered_at, id)
  WHERE health_state IN ('client_error', 'server_error', 'timeout');
CREATE INDEX IF NOT EXISTS tracked_urls_not_indexed_list_idx ON tracked_urls (project_id, discovered_at, id)
  WHERE NOT (engine_a_state = 'indexed' OR engine_b_state = 'indexed') AND (engine_a_state <> 'unknown' OR engine_b_state <> 'unknown');
