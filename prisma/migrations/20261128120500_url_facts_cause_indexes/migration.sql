-- One index entry fewer for each cause written (the diagnosis's first write of a million causes spends most of its
-- time adding index entries, docs/benchmarks.md). Google's cause needs no index of its own: a URL whose Google cause
-- is X has X as its one cause (not_indexed_cause is Google's cause, else Bing's), so the URL list's filter by Google's
-- cause walks the not_indexed_cause index, which now carries Google's cause to check without reading the table
-- (lib/urls/url-filters.ts). Bing's cause keeps its index: a URL's Bing cause can differ from its one cause.
DROP INDEX "url_facts_engine_a_cause_idx";
DROP INDEX "url_facts_not_indexed_cause_idx";
CREATE INDEX "url_facts_not_indexed_cause_idx" ON "url_facts"("project_id", "not_indexed_cause", "discovered_at", "tracked_url_id")
  INCLUDE ("engine_a_cause") WHERE "not_indexed_cause" IS NOT NULL;
