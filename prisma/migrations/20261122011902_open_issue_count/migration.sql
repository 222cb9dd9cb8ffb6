-- AlterTable
ALTER TABLE "tracked_urls" ADD COLUMN     "open_issue_count" INTEGER NOT NULL DEFAULT 0;

-- open_issue_count = open memberships (resolved_at NULL) of a URL in issue groups whose status is open.
-- Statement-level triggers on both tables apply deltas against the current state of the other table,
-- so any interleaving of membership and group-status changes keeps it exact. It makes the hasIssues
-- filter an indexed condition instead of a per-URL EXISTS.
UPDATE tracked_urls t SET open_issue_count = c.n
FROM (SELECT m.tracked_url_id, count(*)::int AS n FROM issue_url_memberships m JOIN issues i ON i.id = m.issue_id
      WHERE m.resolved_at IS NULL AND i.status = 'open' GROUP BY m.tracked_url_id) c
WHERE c.tracked_url_id = t.id;

CREATE INDEX tracked_urls_open_issues_list_idx ON tracked_urls (project_id, discovered_at, id) WHERE open_issue_count > 0;

CREATE OR REPLACE FUNCTION tracked_urls_open_issues_on_memberships() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  pick constant text := 'SELECT r.tracked_url_id, %s AS d FROM %s r JOIN issues i ON i.id = r.issue_id WHERE r.resolved_at IS NULL AND i.status = ''open''';
  src text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    src := format(pick, '1', 'new_rows');
  ELSIF TG_OP = 'DELETE' THEN
    src := format(pick, '-1', 'old_rows');
  ELSE
    src := format(pick, '1', 'new_rows') || ' UNION ALL ' || format(pick, '-1', 'old_rows');
  END IF;
  EXECUTE format('UPDATE tracked_urls t SET open_issue_count = t.open_issue_count + d.delta
    FROM (SELECT tracked_url_id, sum(d)::int AS delta FROM (%s) x GROUP BY tracked_url_id) d
    WHERE t.id = d.tracked_url_id AND d.delta <> 0', src);
  RETURN NULL;
END $fn$;

CREATE TRIGGER issue_url_memberships_open_issues_insert AFTER INSERT ON issue_url_memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tracked_urls_open_issues_on_memberships();
CREATE TRIGGER issue_url_memberships_open_issues_update AFTER UPDATE ON issue_url_memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tracked_urls_open_issues_on_memberships();
CREATE TRIGGER issue_url_memberships_open_issues_delete AFTER DELETE ON issue_url_memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tracked_urls_open_issues_on_memberships();

-- A group opening or closing adds or removes its open memberships from their URLs' counts.
CREATE OR REPLACE FUNCTION tracked_urls_open_issues_on_issues() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE tracked_urls t SET open_issue_count = t.open_issue_count + d.delta
  FROM (SELECT m.tracked_url_id, sum(CASE WHEN n.status = 'open' THEN 1 ELSE -1 END)::int AS delta
        FROM new_rows n JOIN old_rows o ON o.id = n.id
        JOIN issue_url_memberships m ON m.issue_id = n.id AND m.resolved_at IS NULL
        WHERE (n.status = 'open') <> (o.status = 'open')
        GROUP BY m.tracked_url_id) d
  WHERE t.id = d.tracked_url_id AND d.delta <> 0;
  RETURN NULL;
END $fn$;

CREATE TRIGGER issues_open_issues_update AFTER UPDATE ON issues
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tracked_urls_open_issues_on_issues();
