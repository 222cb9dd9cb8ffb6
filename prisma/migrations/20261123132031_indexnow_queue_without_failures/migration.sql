-- The backlog no longer counts failed batches per URL: 429, 5xx and unanswered batches keep their URLs
-- queued (an outage never drops them), 400/422 take them out, 403 keeps them for a fixed key.
CREATE OR REPLACE FUNCTION index_now_queue_on_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO index_now_queue (tracked_url_id, project_id, url, pending_at)
  SELECT id, project_id, url, now() FROM new_rows
  ON CONFLICT (tracked_url_id) DO NOTHING;
  RETURN NULL;
END $fn$;

CREATE OR REPLACE FUNCTION index_now_queue_on_lastmod() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO index_now_queue (tracked_url_id, project_id, url, pending_at) VALUES (NEW.id, NEW.project_id, NEW.url, now())
  ON CONFLICT (tracked_url_id) DO UPDATE SET pending_at = EXCLUDED.pending_at;
  RETURN NULL;
END $fn$;

-- AlterTable
ALTER TABLE "index_now_queue" DROP COLUMN "failures";
