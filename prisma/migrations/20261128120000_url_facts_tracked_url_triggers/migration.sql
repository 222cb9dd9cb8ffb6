-- url_facts' link to its tracked URL, kept by statement triggers instead of a FOREIGN KEY. A foreign key checks each
-- inserted row on its own (one query and one row lock on tracked_urls per row): the link graph's first computation of
-- a million URLs spent about 40 s there (docs/benchmarks.md, "Link graph"). The triggers below keep the same
-- guarantees set-wise, once a statement (docs/links.md, "Storage"):
-- * no url_facts row without its tracked URL, in the same project: a statement that writes rows whose tracked URL
--   does not exist (or belongs to another project) fails with foreign_key_violation;
-- * deleting tracked URLs (one, many, or a whole project through its cascade) deletes their url_facts rows; TRUNCATE
--   of tracked_urls empties url_facts; a changed tracked URL id is carried over (ON UPDATE CASCADE).
-- Concurrency: a statement writing url_facts holds a shared advisory lock per project (until it commits) and checks
-- with a snapshot taken after it; deleting tracked URLs deletes their facts, then takes the same lock exclusively
-- (waiting for writers in flight to commit) and deletes the facts again with a fresh snapshot. Whichever comes second
-- sees the other's work: the writer finds the URL gone and fails, or the deleter finds the writer's rows and deletes
-- them. That holds at READ COMMITTED (every transaction of the app); a stricter writer also locks the tracked URLs
-- (FOR KEY SHARE, which fails on a concurrent delete), and a stricter deleter is refused: its snapshot could not see
-- facts committed after it began.
-- Safe on existing data: the constraint held until now, so every row has its tracked URL.

ALTER TABLE "url_facts" DROP CONSTRAINT "url_facts_tracked_url_id_fkey";

-- The lock of a project's facts (the app's convention for advisory keys: hashtextextended of a named text).
CREATE FUNCTION url_facts_lock_key(project uuid) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT hashtextextended('url_facts:' || project::text, 0) $$;

-- The error a foreign key raises, as a client sees it (code, constraint, detail), for a row without its tracked URL.
CREATE FUNCTION url_facts_refuse_missing(tracked_url uuid, project uuid) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'insert or update on table "url_facts" violates foreign key constraint "url_facts_tracked_url_id_fkey"'
    USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'url_facts_tracked_url_id_fkey', TABLE = 'url_facts',
          DETAIL = format('Key (tracked_url_id, project_id)=(%s, %s) is not present in table "tracked_urls".', tracked_url, project);
END $fn$;

-- After INSERT (new_rows): every written row's tracked URL exists in the row's project.
CREATE FUNCTION url_facts_check_tracked_urls() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  missing record;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(url_facts_lock_key(p.project_id))
  FROM (SELECT DISTINCT project_id FROM new_rows ORDER BY project_id) p;
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    -- A snapshot older than a concurrent delete still sees the URL: the lock fails on such a row instead.
    PERFORM 1 FROM tracked_urls t WHERE t.id IN (SELECT tracked_url_id FROM new_rows) FOR KEY SHARE OF t;
  END IF;
  -- Planned at each call (EXECUTE), for the number of rows at hand: a few rows probe the primary key, a million are
  -- one hash anti-join (a plan cached from a small first call would probe a million times). No LIMIT: it would
  -- make the planner pick the probes.
  EXECUTE 'SELECT n.tracked_url_id, n.project_id FROM new_rows n
           WHERE NOT EXISTS (SELECT 1 FROM tracked_urls t WHERE t.id = n.tracked_url_id AND t.project_id = n.project_id)'
    INTO missing;
  IF missing.tracked_url_id IS NOT NULL THEN
    PERFORM url_facts_refuse_missing(missing.tracked_url_id, missing.project_id);
  END IF;
  RETURN NULL;
END $fn$;

CREATE TRIGGER url_facts_tracked_url_insert AFTER INSERT ON url_facts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION url_facts_check_tracked_urls();

-- An UPDATE that moves a row to another tracked URL or project (the app never does: its updates set the facts only).
-- A row trigger limited to those columns: an update of the facts does not queue it.
CREATE FUNCTION url_facts_check_moved_row() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF (NEW.tracked_url_id, NEW.project_id) IS NOT DISTINCT FROM (OLD.tracked_url_id, OLD.project_id) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(url_facts_lock_key(NEW.project_id));
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    PERFORM 1 FROM tracked_urls t WHERE t.id = NEW.tracked_url_id FOR KEY SHARE OF t;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM tracked_urls t WHERE t.id = NEW.tracked_url_id AND t.project_id = NEW.project_id) THEN
    PERFORM url_facts_refuse_missing(NEW.tracked_url_id, NEW.project_id);
  END IF;
  RETURN NULL;
END $fn$;

CREATE TRIGGER url_facts_tracked_url_update AFTER UPDATE OF tracked_url_id, project_id ON url_facts
  FOR EACH ROW EXECUTE FUNCTION url_facts_check_moved_row();

-- After DELETE on tracked_urls (old_rows): their facts go. Once before the lock, so a writer that updated one of
-- those rows and now waits for the lock is not waited for while holding it (no deadlock in that common case), and
-- once after it, with a fresh snapshot, for the rows of writers that committed in between.
CREATE FUNCTION url_facts_on_tracked_url_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'tracked URLs are deleted at READ COMMITTED only'
      USING ERRCODE = 'feature_not_supported',
            HINT = 'At a stricter isolation level the deletion cannot see url_facts rows committed after its snapshot (migration url_facts_tracked_url_triggers).';
  END IF;
  -- Planned at each call, as above: one URL or a whole project's.
  EXECUTE 'DELETE FROM url_facts f USING old_rows o WHERE f.tracked_url_id = o.id';
  PERFORM pg_advisory_xact_lock(url_facts_lock_key(p.project_id))
  FROM (SELECT DISTINCT project_id FROM old_rows ORDER BY project_id) p;
  EXECUTE 'DELETE FROM url_facts f USING old_rows o WHERE f.tracked_url_id = o.id';
  RETURN NULL;
END $fn$;

CREATE TRIGGER tracked_urls_url_facts_delete AFTER DELETE ON tracked_urls
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION url_facts_on_tracked_url_delete();

-- A tracked URL whose id changes carries its facts along (the foreign key's ON UPDATE CASCADE; the app never does).
CREATE FUNCTION url_facts_on_tracked_url_id_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.id IS DISTINCT FROM OLD.id THEN
    UPDATE url_facts SET tracked_url_id = NEW.id, project_id = NEW.project_id WHERE tracked_url_id = OLD.id;
  END IF;
  RETURN NULL;
END $fn$;

CREATE TRIGGER tracked_urls_url_facts_id_change AFTER UPDATE OF id ON tracked_urls
  FOR EACH ROW EXECUTE FUNCTION url_facts_on_tracked_url_id_change();

CREATE FUNCTION url_facts_on_tracked_urls_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE url_facts;
  RETURN NULL;
END $fn$;

CREATE TRIGGER tracked_urls_url_facts_truncate AFTER TRUNCATE ON tracked_urls
  FOR EACH STATEMENT EXECUTE FUNCTION url_facts_on_tracked_urls_truncate();
