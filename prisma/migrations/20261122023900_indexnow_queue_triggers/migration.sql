-- The IndexNow backlog (index_now_queue, lib/indexnow) follows tracked_urls whoever writes them:
-- every new URL is queued; a URL whose sitemap lastmod changes is queued again (pending_at = now,
-- failures reset); a deleted URL leaves the queue. A first lastmod (none before) is not a change:
-- the URL was queued when it was admitted.

CREATE OR REPLACE FUNCTION index_now_queue_on_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO index_now_queue (tracked_url_id, project_id, url, pending_at, failures)
  SELECT id, project_id, url, now(), 0 FROM new_rows
  ON CONFLICT (tracked_url_id) DO NOTHING;
  RETURN NULL;
END $fn$;

CREATE TRIGGER tracked_urls_index_now_insert AFTER INSERT ON tracked_urls
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION index_now_queue_on_insert();

-- Row-level, but the WHEN clause keeps it off every row whose lastmod did not change.
CREATE OR REPLACE FUNCTION index_now_queue_on_lastmod() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO index_now_queue (tracked_url_id, project_id, url, pending_at, failures) VALUES (NEW.id, NEW.project_id, NEW.url, now(), 0)
  ON CONFLICT (tracked_url_id) DO UPDATE SET pending_at = EXCLUDED.pending_at, failures = 0;
  RETURN NULL;
END $fn$;

CREATE TRIGGER tracked_urls_index_now_lastmod AFTER UPDATE OF lastmod ON tracked_urls
  FOR EACH ROW WHEN (OLD.lastmod IS NOT NULL AND NEW.lastmod IS DISTINCT FROM OLD.lastmod)
  EXECUTE FUNCTION index_now_queue_on_lastmod();

CREATE OR REPLACE FUNCTION index_now_queue_on_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM index_now_queue q USING old_rows o WHERE q.tracked_url_id = o.id;
  RETURN NULL;
END $fn$;

CREATE TRIGGER tracked_urls_index_now_delete AFTER DELETE ON tracked_urls
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION index_now_queue_on_delete();

-- Per-URL detail goes with its batch (submission_urls has no foreign key, for cheap writes).
CREATE OR REPLACE FUNCTION submission_urls_on_submission_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM submission_urls d USING old_rows o WHERE d.submission_id = o.id;
  RETURN NULL;
END $fn$;

CREATE TRIGGER submissions_delete_urls AFTER DELETE ON submissions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_urls_on_submission_delete();

-- URLs tracked before this migration were never submitted: they join the backlog.
INSERT INTO index_now_queue (tracked_url_id, project_id, url, pending_at, failures)
SELECT id, project_id, url, created_at, 0 FROM tracked_urls
ON CONFLICT (tracked_url_id) DO NOTHING;
