-- DropIndex
DROP INDEX "tracked_urls_project_id_stale_at_idx";

-- DropIndex
DROP INDEX "tracked_urls_next_inspection_at_idx";

-- Only URLs with a scheduled inspection are looked up by due time; the rest (every URL of a project
-- without automation, e.g. all a sitemap admits) stays out of the index.
CREATE INDEX "tracked_urls_next_inspection_due_idx" ON "tracked_urls"("next_inspection_at") WHERE "next_inspection_at" IS NOT NULL;
