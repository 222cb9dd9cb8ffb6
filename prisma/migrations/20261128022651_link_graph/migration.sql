-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "IssueType" ADD VALUE 'orphan_page';
ALTER TYPE "IssueType" ADD VALUE 'broken_internal_link';

-- CreateTable
CREATE TABLE "link_nodes" (
    "project_id" UUID NOT NULL,
    "node_id" INTEGER NOT NULL,
    "organization_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "tracked_url_id" UUID,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "inlink_pages" INTEGER NOT NULL DEFAULT 0,
    "sample_sources" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "click_depth" INTEGER,
    "fetched_at" TIMESTAMPTZ(3),
    "http_status" INTEGER,
    "redirect_target" TEXT,
    "fetch_error" TEXT,

    CONSTRAINT "link_nodes_pkey" PRIMARY KEY ("project_id","node_id")
);

-- CreateTable
CREATE TABLE "page_links" (
    "project_id" UUID NOT NULL,
    "node_id" INTEGER NOT NULL,
    "kind" SMALLINT NOT NULL,
    "organization_id" UUID NOT NULL,
    "tracked_url_id" UUID,
    "targets" BYTEA NOT NULL,
    "nofollow" BYTEA NOT NULL,
    "anchors" TEXT[],
    "links_seen" INTEGER NOT NULL,
    "extracted_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "page_links_pkey" PRIMARY KEY ("project_id","node_id","kind")
);

-- CreateTable
CREATE TABLE "link_graph_state" (
    "project_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "computed_at" TIMESTAMPTZ(3),
    "complete_through" TIMESTAMPTZ(3),
    "complete_at" TIMESTAMPTZ(3),
    "nodes" INTEGER NOT NULL DEFAULT 0,
    "edges" INTEGER NOT NULL DEFAULT 0,
    "duration_ms" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "link_graph_state_pkey" PRIMARY KEY ("project_id")
);

-- CreateIndex
CREATE INDEX "link_nodes_project_id_tracked_url_id_idx" ON "link_nodes"("project_id", "tracked_url_id");

-- CreateIndex
CREATE UNIQUE INDEX "link_nodes_project_id_url_key" ON "link_nodes"("project_id", "url");

-- CreateIndex
CREATE INDEX "page_links_tracked_url_id_idx" ON "page_links"("tracked_url_id");

-- AddForeignKey
ALTER TABLE "link_nodes" ADD CONSTRAINT "link_nodes_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "page_links" ADD CONSTRAINT "page_links_tracked_url_id_fkey" FOREIGN KEY ("tracked_url_id") REFERENCES "tracked_urls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "page_links" ADD CONSTRAINT "page_links_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "link_graph_state" ADD CONSTRAINT "link_graph_state_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
