-- CreateEnum
CREATE TYPE "NotIndexedCause" AS ENUM ('noindex', 'noindex_rendered', 'canonical_elsewhere', 'robots_blocked', 'http_error', 'redirect', 'orphan', 'deep', 'nofollow_only', 'duplicate', 'thin', 'soft_404', 'not_crawled', 'crawl_stale', 'not_in_sitemap', 'google_chose_other_canonical', 'no_fresh_verdict', 'unknown');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "IssueType" ADD VALUE 'duplicate_content';
ALTER TYPE "IssueType" ADD VALUE 'soft_404_suspect';

-- AlterTable
ALTER TABLE "tracked_urls" ADD COLUMN     "engine_a_cause" "NotIndexedCause",
ADD COLUMN     "engine_b_cause" "NotIndexedCause";

-- CreateTable
CREATE TABLE "duplicate_groups" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "urls" INTEGER NOT NULL,
    "canonical_url_id" UUID NOT NULL,
    "canonical_url" TEXT NOT NULL,
    "sample_urls" TEXT[],
    "computed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "duplicate_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "diagnosis_runs" (
    "project_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "diagnosed_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "changed" INTEGER NOT NULL,

    CONSTRAINT "diagnosis_runs_pkey" PRIMARY KEY ("project_id")
);

-- CreateIndex
CREATE INDEX "duplicate_groups_project_id_kind_urls_key_idx" ON "duplicate_groups"("project_id", "kind", "urls" DESC, "key");

-- CreateIndex
CREATE UNIQUE INDEX "duplicate_groups_project_id_kind_key_key" ON "duplicate_groups"("project_id", "kind", "key");

-- AddForeignKey
ALTER TABLE "duplicate_groups" ADD CONSTRAINT "duplicate_groups_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagnosis_runs" ADD CONSTRAINT "diagnosis_runs_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The URL list filtered by cause (lib/urls/url-filters.ts), in list order: per engine, and by the URL's one cause
-- (notIndexedCause: Google's, then Bing's). Partial: indexed URLs (no cause) enter none of them.
CREATE INDEX "tracked_urls_engine_a_cause_idx" ON "tracked_urls"("project_id", "engine_a_cause", "discovered_at", "id") WHERE "engine_a_cause" IS NOT NULL;
CREATE INDEX "tracked_urls_engine_b_cause_idx" ON "tracked_urls"("project_id", "engine_b_cause", "discovered_at", "id") WHERE "engine_b_cause" IS NOT NULL;
CREATE INDEX "tracked_urls_not_indexed_cause_idx" ON "tracked_urls"("project_id", (COALESCE("engine_a_cause", "engine_b_cause")), "discovered_at", "id")
  WHERE COALESCE("engine_a_cause", "engine_b_cause") IS NOT NULL;
-- The URL list's orphan filter (orphan = true), in list order.
CREATE INDEX "tracked_urls_orphan_idx" ON "tracked_urls"("project_id", "discovered_at", "id") WHERE "orphan";
