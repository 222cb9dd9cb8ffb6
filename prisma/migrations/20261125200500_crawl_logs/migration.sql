-- AlterEnum
ALTER TYPE "IssueType" ADD VALUE 'crawler_blocked';

-- CreateEnum
CREATE TYPE "LogImportStatus" AS ENUM ('queued', 'running', 'completed', 'failed');

-- CreateTable
CREATE TABLE "log_imports" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "created_by_user_id" UUID,
    "status" "LogImportStatus" NOT NULL DEFAULT 'queued',
    "format" TEXT,
    "format_override" BOOLEAN NOT NULL DEFAULT false,
    "file_name" TEXT NOT NULL,
    "bytes" BIGINT NOT NULL,
    "gzip" BOOLEAN NOT NULL DEFAULT false,
    "spool_path" TEXT,
    "lines_read" INTEGER NOT NULL DEFAULT 0,
    "lines_parsed" INTEGER NOT NULL DEFAULT 0,
    "crawler_hits" INTEGER NOT NULL DEFAULT 0,
    "verified_hits" INTEGER NOT NULL DEFAULT 0,
    "unverified_hits" INTEGER NOT NULL DEFAULT 0,
    "other_host_hits" INTEGER NOT NULL DEFAULT 0,
    "rejected" INTEGER NOT NULL DEFAULT 0,
    "reject_samples" JSONB NOT NULL DEFAULT '[]',
    "byte_offset" BIGINT NOT NULL DEFAULT 0,
    "chunks_done" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "error" TEXT,

    CONSTRAINT "log_imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "crawl_url_days" (
    "tracked_url_id" UUID NOT NULL,
    "family" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "project_id" UUID NOT NULL,
    "hits" INTEGER NOT NULL,
    "status_2xx" INTEGER NOT NULL DEFAULT 0,
    "status_3xx" INTEGER NOT NULL DEFAULT 0,
    "status_4xx" INTEGER NOT NULL DEFAULT 0,
    "status_5xx" INTEGER NOT NULL DEFAULT 0,
    "status_403" INTEGER NOT NULL DEFAULT 0,
    "first_fetch_at" TIMESTAMPTZ(3) NOT NULL,
    "last_fetch_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "crawl_url_days_pkey" PRIMARY KEY ("tracked_url_id","family","day")
);

-- CreateTable
CREATE TABLE "crawl_project_days" (
    "project_id" UUID NOT NULL,
    "family" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "verified_hits" INTEGER NOT NULL DEFAULT 0,
    "unverified_hits" INTEGER NOT NULL DEFAULT 0,
    "other_hits" INTEGER NOT NULL DEFAULT 0,
    "status_2xx" INTEGER NOT NULL DEFAULT 0,
    "status_3xx" INTEGER NOT NULL DEFAULT 0,
    "status_4xx" INTEGER NOT NULL DEFAULT 0,
    "status_5xx" INTEGER NOT NULL DEFAULT 0,
    "untracked_hits" INTEGER NOT NULL DEFAULT 0,
    "last_seen_at" TIMESTAMPTZ(3),

    CONSTRAINT "crawl_project_days_pkey" PRIMARY KEY ("project_id","family","day")
);

-- CreateTable
CREATE TABLE "crawl_untracked_urls" (
    "project_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "verified_hits" INTEGER NOT NULL,
    "last_status" INTEGER,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "crawl_untracked_urls_pkey" PRIMARY KEY ("project_id","url")
);

-- CreateTable
CREATE TABLE "log_ingest_tokens" (
    "project_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "start" TEXT NOT NULL,
    "created_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "log_ingest_tokens_pkey" PRIMARY KEY ("project_id")
);

-- CreateTable
CREATE TABLE "log_ingest_batches" (
    "project_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "accepted" INTEGER NOT NULL,
    "rejected" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "log_ingest_batches_pkey" PRIMARY KEY ("project_id","key")
);

-- CreateIndex
CREATE INDEX "log_imports_project_id_created_at_idx" ON "log_imports"("project_id", "created_at");

-- CreateIndex
CREATE INDEX "log_imports_status_idx" ON "log_imports"("status");

-- CreateIndex
CREATE INDEX "crawl_url_days_project_id_day_idx" ON "crawl_url_days"("project_id", "day");

-- CreateIndex
CREATE INDEX "crawl_project_days_project_id_day_idx" ON "crawl_project_days"("project_id", "day");

-- CreateIndex
CREATE INDEX "crawl_untracked_urls_project_id_verified_hits_idx" ON "crawl_untracked_urls"("project_id", "verified_hits");

-- CreateIndex
CREATE UNIQUE INDEX "log_ingest_tokens_token_hash_key" ON "log_ingest_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "log_ingest_batches_created_at_idx" ON "log_ingest_batches"("created_at");

-- AddForeignKey
ALTER TABLE "log_imports" ADD CONSTRAINT "log_imports_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crawl_url_days" ADD CONSTRAINT "crawl_url_days_tracked_url_id_fkey" FOREIGN KEY ("tracked_url_id") REFERENCES "tracked_urls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crawl_project_days" ADD CONSTRAINT "crawl_project_days_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crawl_untracked_urls" ADD CONSTRAINT "crawl_untracked_urls_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "log_ingest_tokens" ADD CONSTRAINT "log_ingest_tokens_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "log_ingest_batches" ADD CONSTRAINT "log_ingest_batches_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
