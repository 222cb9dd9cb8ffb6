-- CreateEnum
CREATE TYPE "RenderStatus" AS ENUM ('rendered', 'failed');

-- CreateEnum
CREATE TYPE "RenderSource" AS ENUM ('on_demand', 'sample', 'sentinel');

-- AlterEnum
ALTER TYPE "CreditEntryKind" ADD VALUE 'render';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "IssueType" ADD VALUE 'rendered_noindex';
ALTER TYPE "IssueType" ADD VALUE 'rendered_canonical_mismatch';
ALTER TYPE "IssueType" ADD VALUE 'js_only_content';
ALTER TYPE "IssueType" ADD VALUE 'render_blocked_resources';
ALTER TYPE "IssueType" ADD VALUE 'render_failed';

-- CreateTable
CREATE TABLE "url_renders" (
    "tracked_url_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "source" "RenderSource" NOT NULL,
    "status" "RenderStatus" NOT NULL,
    "failure_reason" TEXT,
    "rendered_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "http_status" INTEGER,
    "final_url" TEXT,
    "raw" JSONB,
    "rendered" JSONB,
    "differences" JSONB NOT NULL DEFAULT '[]',
    "console_errors" JSONB NOT NULL DEFAULT '[]',
    "failed_requests" JSONB NOT NULL DEFAULT '[]',
    "robots_blocked_resources" JSONB NOT NULL DEFAULT '[]',
    "request_count" INTEGER NOT NULL DEFAULT 0,
    "bytes" INTEGER NOT NULL DEFAULT 0,
    "text_ratio" DOUBLE PRECISION,
    "screenshot" BYTEA,

    CONSTRAINT "url_renders_pkey" PRIMARY KEY ("tracked_url_id")
);

-- CreateTable
CREATE TABLE "rendering_settings" (
    "project_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "sample_per_section" INTEGER NOT NULL DEFAULT 5,
    "cadence" TEXT NOT NULL DEFAULT 'weekly',
    "last_sample_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rendering_settings_pkey" PRIMARY KEY ("project_id")
);

-- CreateIndex
CREATE INDEX "url_renders_project_id_rendered_at_idx" ON "url_renders"("project_id", "rendered_at");

-- AddForeignKey
ALTER TABLE "url_renders" ADD CONSTRAINT "url_renders_tracked_url_id_fkey" FOREIGN KEY ("tracked_url_id") REFERENCES "tracked_urls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "url_renders" ADD CONSTRAINT "url_renders_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rendering_settings" ADD CONSTRAINT "rendering_settings_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
