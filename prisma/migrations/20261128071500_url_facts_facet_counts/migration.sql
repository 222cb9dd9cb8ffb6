-- The URL list's total under a cause or orphan filter alone from url_facet_counts (one row read), as for the other
-- single filters (lib/urls/count-urls.ts): counting the index entries of a cause held by 270,000 of a million URLs
-- took 200-450 ms a page. Statement triggers on url_facts keep four more facets exact in the same transactions as the
-- rows: cause_any (not_indexed_cause: Google's cause, else Bing's), cause_engine_a, cause_engine_b and orphan
-- ('true' / 'false'). A tracked URL's deletion cascades to its url_facts row, and so to the counts. A project being
-- deleted is skipped (its counts go with it).
CREATE OR REPLACE FUNCTION url_facet_counts_on_url_facts() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  cols constant text := 'project_id, not_indexed_cause::text AS ca, engine_a_cause::text AS cea, engine_b_cause::text AS ceb, orphan::text AS orph';
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
    FROM (SELECT project_id, ca, cea, ceb, orph, sum(sign) AS n FROM (%s) r GROUP BY project_id, ca, cea, ceb, orph) g
    JOIN projects p ON p.id = g.project_id
    CROSS JOIN LATERAL (VALUES ('cause_any', ca), ('cause_engine_a', cea), ('cause_engine_b', ceb), ('orphan', orph)) AS f(facet, value)
    WHERE f.value IS NOT NULL
    GROUP BY g.project_id, f.facet, f.value
    HAVING sum(g.n) <> 0
    ORDER BY g.project_id, f.facet, f.value
    ON CONFLICT (project_id, facet, value) DO UPDATE SET urls = c.urls + EXCLUDED.urls
  $q$, src);
  RETURN NULL;
END $fn$;

CREATE TRIGGER url_facts_facets_insert AFTER INSERT ON url_facts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION url_facet_counts_on_url_facts();
CREATE TRIGGER url_facts_facets_update AFTER UPDATE ON url_facts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION url_facet_counts_on_url_facts();
CREATE TRIGGER url_facts_facets_delete AFTER DELETE ON url_facts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION url_facet_counts_on_url_facts();

-- The facts already there.
INSERT INTO url_facet_counts AS c (project_id, facet, value, urls)
SELECT x.project_id, f.facet, f.value, count(*)::int
FROM url_facts x
CROSS JOIN LATERAL (VALUES ('cause_any', x.not_indexed_cause::text), ('cause_engine_a', x.engine_a_cause::text),
                           ('cause_engine_b', x.engine_b_cause::text), ('orphan', x.orphan::text)) AS f(facet, value)
WHERE f.value IS NOT NULL
GROUP BY x.project_id, f.facet, f.value
ON CONFLICT (project_id, facet, value) DO UPDATE SET urls = EXCLUDED.urls;
