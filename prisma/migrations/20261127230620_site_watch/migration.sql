-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "IssueType" ADD VALUE 'robots_txt_blocks_important';
ALTER TYPE "IssueType" ADD VALUE 'robots_txt_unreachable';
ALTER TYPE "IssueType" ADD VALUE 'certificate_expiring';

-- AlterEnum
ALTER TYPE "NotificationType" ADD VALUE 'robots_txt.changed';

-- AlterTable
ALTER TABLE "sitemaps" ADD COLUMN     "previous_url_count" INTEGER;

-- CreateTable
CREATE TABLE "robots_txt_versions" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "http_status" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "content" BYTEA NOT NULL,
    "bytes" INTEGER NOT NULL,
    "truncated" BOOLEAN NOT NULL DEFAULT false,
    "encoding" TEXT NOT NULL DEFAULT 'utf-8',
    "final_url" TEXT NOT NULL,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "became_current_at" TIMESTAMPTZ(3),
    "previous_version_id" UUID,
    "lines_added" INTEGER,
    "lines_removed" INTEGER,
    "diff" TEXT,
    "impact" JSONB,

    CONSTRAINT "robots_txt_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "site_watches" (
    "project_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "origin" TEXT,
    "robots_next_fetch_at" TIMESTAMPTZ(3) NOT NULL,
    "robots_last_fetch_at" TIMESTAMPTZ(3),
    "robots_last_status" INTEGER,
    "robots_last_error" TEXT,
    "robots_etag" TEXT,
    "robots_last_modified" TEXT,
    "robots_last_version_id" UUID,
    "robots_current_version_id" UUID,
    "robots_current_since" TIMESTAMPTZ(3),
    "robots_pending_version_id" UUID,
    "robots_pending_count" INTEGER NOT NULL DEFAULT 0,
    "robots_failure_kind" TEXT,
    "robots_failing_since" TIMESTAMPTZ(3),
    "robots_failures" INTEGER NOT NULL DEFAULT 0,
    "home_checked_at" TIMESTAMPTZ(3),
    "home_status" INTEGER,
    "home_final_url" TEXT,
    "home_previous_final_url" TEXT,
    "home_changed_at" TIMESTAMPTZ(3),
    "home_error" TEXT,
    "cert_checked_at" TIMESTAMPTZ(3),
    "cert_expires_at" TIMESTAMPTZ(3),
    "cert_issuer" TEXT,
    "cert_state" TEXT,
    "cert_error" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "site_watches_pkey" PRIMARY KEY ("project_id")
);

-- CreateIndex
CREATE INDEX "robots_txt_versions_project_id_first_seen_at_id_idx" ON "robots_txt_versions"("project_id", "first_seen_at" DESC, "id");

-- CreateIndex
CREATE UNIQUE INDEX "robots_txt_versions_project_id_http_status_sha256_key" ON "robots_txt_versions"("project_id", "http_status", "sha256");

-- CreateIndex
CREATE INDEX "site_watches_robots_next_fetch_at_idx" ON "site_watches"("robots_next_fetch_at");

-- AddForeignKey
ALTER TABLE "robots_txt_versions" ADD CONSTRAINT "robots_txt_versions_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "site_watches" ADD CONSTRAINT "site_watches_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
