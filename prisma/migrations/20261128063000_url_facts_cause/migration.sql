-- The URL's one cause (notIndexedCause: Google's, then Bing's) as a stored generated column, so the URL list's cause
-- filter without an engine reads a plain column: its partial index then answers the total and the page from the index
-- alone (an index on the COALESCE expression cannot be read without the table). Not in prisma/schema.prisma: only
-- lib/urls/url-filters.ts reads it, and nothing writes it.
ALTER TABLE "url_facts" ADD COLUMN "not_indexed_cause" "NotIndexedCause" GENERATED ALWAYS AS (COALESCE("engine_a_cause", "engine_b_cause")) STORED;
DROP INDEX "url_facts_not_indexed_cause_idx";
CREATE INDEX "url_facts_not_indexed_cause_idx" ON "url_facts"("project_id", "not_indexed_cause", "discovered_at", "tracked_url_id") WHERE "not_indexed_cause" IS NOT NULL;
