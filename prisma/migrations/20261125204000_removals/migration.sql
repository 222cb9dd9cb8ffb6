-- AlterEnum
ALTER TYPE "IssueType" ADD VALUE 'removal_stuck';

-- CreateEnum
CREATE TYPE "RemovalIntent" AS ENUM ('gone', 'redirected', 'noindexed', 'blocked');

-- CreateEnum
CREATE TYPE "RemovalBatchStatus" AS ENUM ('active', 'cancelled', 'finished');

-- CreateEnum
CREATE TYPE "RemovalUrlState" AS ENUM ('pending', 'confirmed_by_site', 'removed', 'stuck', 'cancelled');

-- CreateTable
CREATE TABLE "removal_batches" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "created_by_user_id" UUID,
    "intent" "RemovalIntent" NOT NULL,
    "redirect_target" TEXT,
    "stuck_after_days" INTEGER NOT NULL DEFAULT 30,
    "status" "RemovalBatchStatus" NOT NULL DEFAULT 'active',
    "public_token" TEXT NOT NULL,
    "url_count" INTEGER NOT NULL DEFAULT 0,
    "pending_count" INTEGER NOT NULL DEFAULT 0,
    "confirmed_count" INTEGER NOT NULL DEFAULT 0,
    "removed_count" INTEGER NOT NULL DEFAULT 0,
    "stuck_count" INTEGER NOT NULL DEFAULT 0,
    "cancelled_count" INTEGER NOT NULL DEFAULT 0,
    "engine_a_removed_count" INTEGER NOT NULL DEFAULT 0,
    "engine_b_removed_count" INTEGER NOT NULL DEFAULT 0,
    "last_checked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelled_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "removal_batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "removal_urls" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "batch_id" UUID NOT NULL,
    "tracked_url_id" UUID NOT NULL,
    "active_tracked_url_id" UUID,
    "url" TEXT NOT NULL,
    "redirect_target" TEXT,
    "state" "RemovalUrlState" NOT NULL DEFAULT 'pending',
    "site_confirmed" BOOLEAN,
    "site_reason" TEXT,
    "site_http_status" INTEGER,
    "site_checked_at" TIMESTAMPTZ(3),
    "engine_a_state" TEXT,
    "engine_a_observed_at" TIMESTAMPTZ(3),
    "engine_b_state" TEXT,
    "engine_b_observed_at" TIMESTAMPTZ(3),
    "engine_check_owed_at" TIMESTAMPTZ(3),
    "declared_at" TIMESTAMPTZ(3) NOT NULL,
    "confirmed_by_site_at" TIMESTAMPTZ(3),
    "engine_a_removed_at" TIMESTAMPTZ(3),
    "engine_b_removed_at" TIMESTAMPTZ(3),
    "removed_at" TIMESTAMPTZ(3),
    "stuck_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "index_now_submitted_at" TIMESTAMPTZ(3),

    CONSTRAINT "removal_urls_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "removal_batches_public_token_key" ON "removal_batches"("public_token");

-- CreateIndex
CREATE INDEX "removal_batches_project_id_created_at_idx" ON "removal_batches"("project_id", "created_at");

-- CreateIndex
CREATE INDEX "removal_batches_status_idx" ON "removal_batches"("status");

-- CreateIndex
CREATE UNIQUE INDEX "removal_urls_active_tracked_url_id_key" ON "removal_urls"("active_tracked_url_id");

-- CreateIndex
CREATE INDEX "removal_urls_batch_id_state_url_idx" ON "removal_urls"("batch_id", "state", "url");

-- CreateIndex
CREATE INDEX "removal_urls_tracked_url_id_declared_at_idx" ON "removal_urls"("tracked_url_id", "declared_at");

-- CreateIndex
CREATE UNIQUE INDEX "removal_urls_batch_id_tracked_url_id_key" ON "removal_urls"("batch_id", "tracked_url_id");

-- AddForeignKey
ALTER TABLE "removal_batches" ADD CONSTRAINT "removal_batches_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "removal_urls" ADD CONSTRAINT "removal_urls_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "removal_batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "removal_urls" ADD CONSTRAINT "removal_urls_tracked_url_id_fkey" FOREIGN KEY ("tracked_url_id") REFERENCES "tracked_urls"("id") ON DELETE CASCADE ON UPDATE CASCADE;
