-- The diagnosis's causes move out of url_facts into url_causes (docs/diagnosis.md, "Storage"). Writing a project's
-- causes for the first time updated every url_facts row: a new version of the link graph's row and an entry in each of
-- its five indexes, 15.5 s of the diagnosis of a million URLs. Inserting narrow rows with three indexes into a table
-- of their own took half the time and wrote half the WAL (docs/benchmarks.md, "Diagnosis, 1,000,000 URLs").
-- A row exists only while either engine has a cause.

CREATE TABLE "url_causes" (
    "tracked_url_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "discovered_at" TIMESTAMPTZ(3) NOT NULL,
    "engine_a_cause" "NotIndexedCause",
    "engine_b_cause" "NotIndexedCause",
    -- The URL's one cause: Google's, else Bing's (the URL list's filter by cause without an engine).
    "not_indexed_cause" "NotIndexedCause" GENERATED ALWAYS AS (COALESCE("engine_a_cause", "engine_b_cause")) STORED,

    CONSTRAINT "url_causes_pkey" PRIMARY KEY ("tracked_url_id")
);

-- The URL list's walks of one cause in list order (lib/urls/url-filters.ts). Google's cause needs no index of its
-- own: a URL whose Google cause is X has X as its one cause, so its filter walks the one-cause index, which carries
-- Google's cause to check without reading the table. Bing's cause can differ from the one cause: its own index.
CREATE INDEX "url_causes_not_indexed_cause_idx" ON "url_causes"("project_id", "not_indexed_cause", "discovered_at", "tracked_url_id")
  INCLUDE ("engine_a_cause") WHERE "not_indexed_cause" IS NOT NULL;
CREATE INDEX "url_causes_engine_b_cause_idx" ON "url_causes"("project_id", "engine_b_cause", "discovered_at", "tracked_url_id")
  WHERE "engine_b_cause" IS NOT NULL;

INSERT INTO "url_causes" ("tracked_url_id", "project_id", "discovered_at", "engine_a_cause", "engine_b_cause")
SELECT "tracked_url_id", "project_id", "discovered_at", "engine_a_cause", "engine_b_cause" FROM "url_facts"
WHERE "engine_a_cause" IS NOT NULL OR "engine_b_cause" IS NOT NULL
ORDER BY "tracked_url_id";

-- The facet counts (url_facet_counts) of each table's own facts, kept by the same statement triggers: url_facts
-- counts orphan, url_causes the three cause facets. The counts already there stay exact: the rows moved as they were.
CREATE OR REPLACE FUNCTION url_facet_counts_on_url_facts() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  -- The table's facet values as v0.. and the (facet, value) pairs they give.
  cols constant text := CASE TG_TABLE_NAME
    WHEN 'url_causes' THEN 'project_id, not_indexed_cause::text AS v0, engine_a_cause::text AS v1, engine_b_cause::text AS v2'
    ELSE 'project_id, orphan::text AS v0, NULL::text AS v1, NULL::text AS v2' END;
  facets constant text := CASE TG_TABLE_NAME
    WHEN 'url_causes' THEN $$('cause_any', v0), ('cause_engine_a', v1), ('cause_engine_b', v2)$$
    ELSE $$('orphan', v0)$$ END;
  src text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    src := format('SELECT %s, 1 AS sign FROM new_rows', cols);
  ELSIF TG_OP = 'DELETE' THEN
    src := format('SELECT %s, -1 AS sign FROM old_rows', cols);
  ELSE
    src := format('SELECT %s, 1 AS sign FROM new_rows UNION ALL SELECT %s, -1 AS sign FROM old_rows', cols, cols);
  END IF;
  EXECUTE format($q$
    INSERT INTO url_facet_counts AS c (project_id, facet, value, urls)
    SELECT g.project_id, f.facet, f.value, sum(g.n)::int
    FROM (SELECT project_id, v0, v1, v2, sum(sign) AS n FROM (%s) r GROUP BY project_id, v0, v1, v2) g
    JOIN projects p ON p.id = g.project_id
    CROSS JOIN LATERAL (VALUES %s) AS f(facet, value)
    WHERE f.value IS NOT NULL
    GROUP BY g.project_id, f.facet, f.value
    HAVING sum(g.n) <> 0
    ORDER BY g.project_id, f.facet, f.value
    ON CONFLICT (project_id, facet, value) DO UPDATE SET urls = c.urls + EXCLUDED.urls
  $q$, src, facets);
  RETURN NULL;
END $fn$;

CREATE TRIGGER url_causes_facets_insert AFTER INSERT ON url_causes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION url_facet_counts_on_url_facts();
CREATE TRIGGER url_causes_facets_update AFTER UPDATE ON url_causes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION url_facet_counts_on_url_facts();
CREATE TRIGGER url_causes_facets_delete AFTER DELETE ON url_causes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION url_facet_counts_on_url_facts();

-- url_causes' link to its tracked URL, kept as url_facts' is (migration url_facts_tracked_url_triggers): the same
-- statement triggers, now naming the table they guard, and the same per-project lock.
CREATE OR REPLACE FUNCTION url_facts_refuse_missing(tbl text, tracked_url uuid, project uuid) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', tbl, tbl || '_tracked_url_id_fkey'
    USING ERRCODE = 'foreign_key_violation', CONSTRAINT = tbl || '_tracked_url_id_fkey', TABLE = tbl,
          DETAIL = format('Key (tracked_url_id, project_id)=(%s, %s) is not present in table "tracked_urls".', tracked_url, project);
END $fn$;

CREATE OR REPLACE FUNCTION url_facts_check_tracked_urls() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  missing record;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(url_facts_lock_key(p.project_id))
  FROM (SELECT DISTINCT project_id FROM new_rows ORDER BY project_id) p;
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    PERFORM 1 FROM tracked_urls t WHERE t.id IN (SELECT tracked_url_id FROM new_rows) FOR KEY SHARE OF t;
  END IF;
  EXECUTE 'SELECT n.tracked_url_id, n.project_id FROM new_rows n
           WHERE NOT EXISTS (SELECT 1 FROM tracked_urls t WHERE t.id = n.tracked_url_id AND t.project_id = n.project_id)'
    INTO missing;
  IF missing.tracked_url_id IS NOT NULL THEN
    PERFORM url_facts_refuse_missing(TG_TABLE_NAME, missing.tracked_url_id, missing.project_id);
  END IF;
  RETURN NULL;
END $fn$;

CREATE OR REPLACE FUNCTION url_facts_check_moved_row() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF (NEW.tracked_url_id, NEW.project_id) IS NOT DISTINCT FROM (OLD.tracked_url_id, OLD.project_id) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(url_facts_lock_key(NEW.project_id));
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    PERFORM 1 FROM tracked_urls t WHERE t.id = NEW.tracked_url_id FOR KEY SHARE OF t;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM tracked_urls t WHERE t.id = NEW.tracked_url_id AND t.project_id = NEW.project_id) THEN
    PERFORM url_facts_refuse_missing(TG_TABLE_NAME, NEW.tracked_url_id, NEW.project_id);
  END IF;
  RETURN NULL;
END $fn$;

DROP FUNCTION url_facts_refuse_missing(uuid, uuid);

CREATE TRIGGER url_causes_tracked_url_insert AFTER INSERT ON url_causes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION url_facts_check_tracked_urls();
CREATE TRIGGER url_causes_tracked_url_update AFTER UPDATE OF tracked_url_id, project_id ON url_causes
  FOR EACH ROW EXECUTE FUNCTION url_facts_check_moved_row();

-- Deleting tracked URLs deletes their facts and their causes, before and after the lock as before.
CREATE OR REPLACE FUNCTION url_facts_on_tracked_url_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'tracked URLs are deleted at READ COMMITTED only'
      USING ERRCODE = 'feature_not_supported',
            HINT = 'At a stricter isolation level the deletion cannot see url_facts rows committed after its snapshot (migration url_facts_tracked_url_triggers).';
  END IF;
  EXECUTE 'DELETE FROM url_facts f USING old_rows o WHERE f.tracked_url_id = o.id';
  EXECUTE 'DELETE FROM url_causes f USING old_rows o WHERE f.tracked_url_id = o.id';
  PERFORM pg_advisory_xact_lock(url_facts_lock_key(p.project_id))
  FROM (SELECT DISTINCT project_id FROM old_rows ORDER BY project_id) p;
  EXECUTE 'DELETE FROM url_facts f USING old_rows o WHERE f.tracked_url_id = o.id';
  EXECUTE 'DELETE FROM url_causes f USING old_rows o WHERE f.tracked_url_id = o.id';
  RETURN NULL;
END $fn$;

CREATE OR REPLACE FUNCTION url_facts_on_tracked_url_id_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.id IS DISTINCT FROM OLD.id THEN
    UPDATE url_facts SET tracked_url_id = NEW.id, project_id = NEW.project_id WHERE tracked_url_id = OLD.id;
    UPDATE url_causes SET tracked_url_id = NEW.id, project_id = NEW.project_id WHERE tracked_url_id = OLD.id;
  END IF;
  RETURN NULL;
END $fn$;

CREATE OR REPLACE FUNCTION url_facts_on_tracked_urls_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE url_facts, url_causes;
  RETURN NULL;
END $fn$;

-- url_facts keeps the link graph's facts only (its cause indexes go with the columns).
ALTER TABLE "url_facts" DROP COLUMN "not_indexed_cause", DROP COLUMN "engine_a_cause", DROP COLUMN "engine_b_cause";
