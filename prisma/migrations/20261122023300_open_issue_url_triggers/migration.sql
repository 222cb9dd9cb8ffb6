-- open_issue_urls holds exactly the tracked URLs with at least one open membership in an open issue
-- group. Statement-level triggers keep it so whoever writes memberships or groups: a membership that
-- opens in an open group adds its URL; a membership that resolves or disappears, or a group that
-- stops being open, removes the URL unless another open membership in an open group still holds it.
-- Writers of issue state lock the project's stats row first (lib/issues/counters.ts), so these
-- set-based statements never race for the same project.

-- Removes the given URLs unless another open membership in an open group still holds them.
CREATE OR REPLACE FUNCTION open_issue_urls_forget(ids uuid[]) RETURNS void LANGUAGE sql AS $fn$
  -- Joined with unnest: `= ANY (ids)` on a parameter array is a linear search per row.
  DELETE FROM open_issue_urls o
  USING unnest(ids) AS u(id)
  WHERE o.tracked_url_id = u.id
    AND NOT EXISTS (
      SELECT 1 FROM issue_url_memberships m JOIN issues i ON i.id = m.issue_id
      WHERE m.tracked_url_id = o.tracked_url_id AND m.resolved_at IS NULL AND i.status = 'open')
$fn$;

-- Adds the given URLs (already known to have an open membership in an open group).
CREATE OR REPLACE FUNCTION open_issue_urls_add(ids uuid[]) RETURNS void LANGUAGE sql AS $fn$
  INSERT INTO open_issue_urls (tracked_url_id, project_id, discovered_at)
  SELECT t.id, t.project_id, t.discovered_at FROM unnest(ids) AS u(id) JOIN tracked_urls t ON t.id = u.id
  ORDER BY t.id
  ON CONFLICT (tracked_url_id) DO NOTHING
$fn$;

CREATE OR REPLACE FUNCTION open_issue_urls_on_memberships() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  opened uuid[];
  closed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.tracked_url_id) INTO opened
    FROM new_rows n JOIN issues i ON i.id = n.issue_id
    WHERE n.resolved_at IS NULL AND i.status = 'open';
  ELSIF TG_OP = 'UPDATE' THEN
    -- Old and new rows are not joined: transition tables have no index or statistics, and a nested
    -- loop over them is quadratic. Adding is idempotent and forgetting rechecks, so both sides suffice.
    SELECT array_agg(DISTINCT n.tracked_url_id) INTO opened
    FROM new_rows n JOIN issues i ON i.id = n.issue_id
    WHERE n.resolved_at IS NULL AND i.status = 'open';
    SELECT array_agg(DISTINCT o.tracked_url_id) INTO closed FROM old_rows o WHERE o.resolved_at IS NULL;
  ELSE
    SELECT array_agg(DISTINCT o.tracked_url_id) INTO closed FROM old_rows o WHERE o.resolved_at IS NULL;
  END IF;
  IF closed IS NOT NULL THEN PERFORM open_issue_urls_forget(closed); END IF;
  IF opened IS NOT NULL THEN PERFORM open_issue_urls_add(opened); END IF;
  RETURN NULL;
END $fn$;

CREATE OR REPLACE FUNCTION open_issue_urls_on_issues() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  opened uuid[];
  closed uuid[];
BEGIN
  SELECT array_agg(DISTINCT m.tracked_url_id) INTO opened
  FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN issue_url_memberships m ON m.issue_id = n.id AND m.resolved_at IS NULL
  WHERE n.status = 'open' AND o.status <> 'open';
  SELECT array_agg(DISTINCT m.tracked_url_id) INTO closed
  FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN issue_url_memberships m ON m.issue_id = n.id AND m.resolved_at IS NULL
  WHERE o.status = 'open' AND n.status <> 'open';
  IF closed IS NOT NULL THEN PERFORM open_issue_urls_forget(closed); END IF;
  IF opened IS NOT NULL THEN PERFORM open_issue_urls_add(opened); END IF;
  RETURN NULL;
END $fn$;

CREATE TRIGGER issue_url_memberships_open_insert AFTER INSERT ON issue_url_memberships
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_issue_urls_on_memberships();
CREATE TRIGGER issue_url_memberships_open_update AFTER UPDATE ON issue_url_memberships
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_issue_urls_on_memberships();
CREATE TRIGGER issue_url_memberships_open_delete AFTER DELETE ON issue_url_memberships
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION open_issue_urls_on_memberships();
CREATE TRIGGER issues_open_update AFTER UPDATE ON issues
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_issue_urls_on_issues();

-- WebsiteStats.urlsWithIssues is the project's row count here, kept by one more statement trigger, so
-- it stays exact whatever removed the rows (cascades from deleted URLs or groups included).
CREATE OR REPLACE FUNCTION website_stats_on_open_issue_urls() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE website_stats s SET urls_with_issues = s.urls_with_issues + d.n, updated_at = now()
    FROM (SELECT project_id, count(*)::int AS n FROM new_rows GROUP BY project_id) d WHERE s.project_id = d.project_id;
  ELSE
    UPDATE website_stats s SET urls_with_issues = s.urls_with_issues - d.n, updated_at = now()
    FROM (SELECT project_id, count(*)::int AS n FROM old_rows GROUP BY project_id) d WHERE s.project_id = d.project_id;
  END IF;
  RETURN NULL;
END $fn$;

CREATE TRIGGER open_issue_urls_stats_insert AFTER INSERT ON open_issue_urls
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION website_stats_on_open_issue_urls();
CREATE TRIGGER open_issue_urls_stats_delete AFTER DELETE ON open_issue_urls
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION website_stats_on_open_issue_urls();

-- Existing state.
INSERT INTO open_issue_urls (tracked_url_id, project_id, discovered_at)
SELECT t.id, t.project_id, t.discovered_at FROM tracked_urls t
WHERE EXISTS (
  SELECT 1 FROM issue_url_memberships m JOIN issues i ON i.id = m.issue_id
  WHERE m.tracked_url_id = t.id AND m.resolved_at IS NULL AND i.status = 'open');

UPDATE website_stats s SET urls_with_issues = coalesce((SELECT count(*) FROM open_issue_urls o WHERE o.project_id = s.project_id), 0);
