-- DropForeignKey
ALTER TABLE "crawl_url_days" DROP CONSTRAINT "crawl_url_days_tracked_url_id_fkey";

-- DropIndex
DROP INDEX "crawl_untracked_urls_project_id_verified_hits_idx";

-- A deleted tracked URL's crawl days go with it (what the foreign key's cascade did), once per statement.
CREATE FUNCTION crawl_url_days_on_tracked_url_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM crawl_url_days d USING old_rows o WHERE d.tracked_url_id = o.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER tracked_urls_crawl_days_delete AFTER DELETE ON tracked_urls
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION crawl_url_days_on_tracked_url_delete();

-- Room on each page for the counts' updates to stay on the page (no index holds a changing column).
ALTER TABLE crawl_untracked_urls SET (fillfactor = 70);
