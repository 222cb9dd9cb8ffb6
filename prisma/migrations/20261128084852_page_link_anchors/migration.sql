-- A page's anchor texts move out of page_links into page_link_anchors (one row per page_links row, deleted with it):
-- the graph job reads every page_links row of a project, and with the anchors inline a row of 50 links was about
-- 1,130 bytes, of which the job needs the 200 bytes of targets (docs/benchmarks.md, "Link graph"). Existing anchors
-- are copied over, then the column goes and the table is rewritten (CLUSTER, in the order the job reads it) so the
-- space the dropped anchors held is given back.

-- CreateTable
CREATE TABLE "page_link_anchors" (
    "project_id" UUID NOT NULL,
    "node_id" INTEGER NOT NULL,
    "kind" SMALLINT NOT NULL,
    "anchors" TEXT[],

    CONSTRAINT "page_link_anchors_pkey" PRIMARY KEY ("project_id","node_id","kind")
);

-- The anchors kept so far (every row had its array, empty for a page without links).
INSERT INTO "page_link_anchors" ("project_id", "node_id", "kind", "anchors")
SELECT "project_id", "node_id", "kind", "anchors" FROM "page_links" ORDER BY "project_id", "node_id", "kind";

-- AddForeignKey
ALTER TABLE "page_link_anchors" ADD CONSTRAINT "page_link_anchors_project_id_node_id_kind_fkey" FOREIGN KEY ("project_id", "node_id", "kind") REFERENCES "page_links"("project_id", "node_id", "kind") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "page_links" DROP COLUMN "anchors";

-- A dropped column keeps its bytes in every row until the row is rewritten: rewrite the table now.
CLUSTER "page_links" USING "page_links_pkey";
