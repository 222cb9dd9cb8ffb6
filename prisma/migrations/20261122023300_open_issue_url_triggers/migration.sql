-- open_issue_urls holds exactly the tracked URLs with at least one open membership in an open issue
-- group. Statement-level triggers keep it so whoever writes memberships or groups: a membership that
-- opens in an open group adds its URL; a membership that resolves or disappears, or a group that
-- stops being open, removes the URL unless another open membership in an open group still holds it.
-- Writers of issue state lock the project's stats row first (lib/issues/counters.ts), so these
-- set-based statements never race for the same project.

-- Removes the given URLs unless another open membership in an open group still holds them.
CREATE OR REPLACE FUNCTION open_issue_urls_forget(ids uuid[]) RETURNS void LANGUAGE sql AS $fn$
  DELETE FROM open_issue_urls o
  WHERE o.tracked_url_id = ANY (ids)
    AND NOT EXISTS (
      SELECT 1 FROM issue_url_memberships m JOIN issues i ON i.id = m.issue_id
      WHERE m.tracked_url_id = o.tracked_url_id AND m.resolved_at IS NULL AND i.status = 'open')
$fn$;

-- Adds the given URLs (already known to have an open membership in an open group).
CREATE OR REPLACE FUNCTION open_issue_urls_add(ids uuid[]) RETURNS void LANGUAGE sql AS $fn$
  INSERT INTO open_issue_urls (tracked_url_id, project_id, discovered_at)
  SELECT t.id, t.project_id, t.discovered_at FROM tracked_urls t WHERE t.id = ANY (ids)
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
    SELECT array_agg(DISTINCT n.tracked_url_id) INTO opened
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN issues i ON i.id = n.issue_id
    WHERE n.resolved_at IS NULL AND (o.resolved_at IS NOT NULL OR o.issue_id <> n.issue_id OR o.tracked_url_id <> n.tracked_url_id) AND i.status = 'open';
    SELECT array_agg(DISTINCT o.tracked_url_id) INTO closed
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.resolved_at IS NULL AND (n.resolved_at IS NOT NULL OR o.issue_id <> n.issue_id OR o.tracked_url_id <> n.tracked_url_id);
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

-- Existing state.
INSERT INTO open_issue_urls (tracked_url_id, project_id, discovered_at)
SELECT t.id, t.project_id, t.discovered_at FROM tracked_urls t
WHERE EXISTS (
  SELECT 1 FROM issue_url_memberships m JOIN issues i ON i.id = m.issue_id
  WHERE m.tracked_url_id = t.id AND m.resolved_at IS NULL AND i.status = 'open');
