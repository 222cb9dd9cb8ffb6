-- The link graph's facts and the diagnosis's causes move out of tracked_urls into url_facts: a narrow table with
-- five indexes instead of 23 and no trigger, so a project's million-row write takes seconds, not minutes
-- (docs/links.md, docs/diagnosis.md, docs/benchmarks.md). Safe on existing data: the table is created, every URL
-- with a fact is copied over, then the old columns go (their indexes with them).

-- CreateTable
CREATE TABLE "url_facts" (
    "tracked_url_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "discovered_at" TIMESTAMPTZ(3) NOT NULL,
    "inlinks" INTEGER,
    "inlinks_nofollow_only" BOOLEAN,
    "click_depth" INTEGER,
    "orphan" BOOLEAN,
    "engine_a_cause" "NotIndexedCause",
    "engine_b_cause" "NotIndexedCause",

    CONSTRAINT "url_facts_pkey" PRIMARY KEY ("tracked_url_id")
);

-- Copy the facts computed so far (a URL without any has no row: every fact null).
INSERT INTO "url_facts" ("tracked_url_id", "project_id", "discovered_at", "inlinks", "inlinks_nofollow_only", "click_depth", "orphan", "engine_a_cause", "engine_b_cause")
SELECT "id", "project_id", "discovered_at", "inlinks", "inlinks_nofollow_only", "click_depth", "orphan", "engine_a_cause", "engine_b_cause"
FROM "tracked_urls"
WHERE "inlinks" IS NOT NULL OR "inlinks_nofollow_only" IS NOT NULL OR "click_depth" IS NOT NULL OR "orphan" IS NOT NULL
   OR "engine_a_cause" IS NOT NULL OR "engine_b_cause" IS NOT NULL;

-- CreateIndex
CREATE INDEX "url_facts_project_id_tracked_url_id_idx" ON "url_facts"("project_id", "tracked_url_id");

-- The URL list filtered by cause (lib/urls/url-filters.ts), walked in list order: per engine, and by the URL's one
-- cause (notIndexedCause: Google's, then Bing's). Partial: indexed URLs (no cause) enter none of them.
CREATE INDEX "url_facts_engine_a_cause_idx" ON "url_facts"("project_id", "engine_a_cause", "discovered_at", "tracked_url_id") WHERE "engine_a_cause" IS NOT NULL;
CREATE INDEX "url_facts_engine_b_cause_idx" ON "url_facts"("project_id", "engine_b_cause", "discovered_at", "tracked_url_id") WHERE "engine_b_cause" IS NOT NULL;
CREATE INDEX "url_facts_not_indexed_cause_idx" ON "url_facts"("project_id", (COALESCE("engine_a_cause", "engine_b_cause")), "discovered_at", "tracked_url_id")
  WHERE COALESCE("engine_a_cause", "engine_b_cause") IS NOT NULL;
-- The URL list's orphan filter (orphan = true), in list order; also the orphan_page issue's URLs.
CREATE INDEX "url_facts_orphan_idx" ON "url_facts"("project_id", "discovered_at", "tracked_url_id") WHERE "orphan";

-- AddForeignKey
ALTER TABLE "url_facts" ADD CONSTRAINT "url_facts_tracked_url_id_fkey" FOREIGN KEY ("tracked_url_id") REFERENCES "tracked_urls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The old columns, and with them their indexes (tracked_urls_engine_a_cause_idx, …_engine_b_cause_idx,
-- …_not_indexed_cause_idx, …_orphan_idx).
ALTER TABLE "tracked_urls" DROP COLUMN "click_depth",
DROP COLUMN "engine_a_cause",
DROP COLUMN "engine_b_cause",
DROP COLUMN "inlinks",
DROP COLUMN "inlinks_nofollow_only",
DROP COLUMN "orphan";

-- link_nodes.click_depth was written and never read: a tracked URL's depth is in url_facts.
ALTER TABLE "link_nodes" DROP COLUMN "click_depth";
