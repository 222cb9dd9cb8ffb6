-- Google's last crawl of each page (from URL inspection's lastCrawlTime) and why the URL owes or last owed a Google check.
ALTER TABLE "tracked_urls" ADD COLUMN "engine_a_last_crawl_at" TIMESTAMPTZ(3),
ADD COLUMN "engine_a_check_reason" TEXT;
