-- CreateTable
CREATE TABLE "index_now_states" (
    "project_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "lease_token" UUID,
    "lease_until" TIMESTAMPTZ(3),
    "next_attempt_at" TIMESTAMPTZ(3),
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "settled_created_at" TIMESTAMPTZ(3),
    "settled_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "index_now_states_pkey" PRIMARY KEY ("project_id")
);

-- CreateTable
CREATE TABLE "index_now_queue" (
    "tracked_url_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "pending_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "failures" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "index_now_queue_pkey" PRIMARY KEY ("tracked_url_id")
);

-- CreateIndex
CREATE INDEX "index_now_queue_project_id_pending_at_tracked_url_id_idx" ON "index_now_queue"("project_id", "pending_at", "tracked_url_id");

-- CreateIndex
CREATE INDEX "submissions_created_at_idx" ON "submissions"("created_at");

-- AddForeignKey
ALTER TABLE "index_now_states" ADD CONSTRAINT "index_now_states_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- DropForeignKey
ALTER TABLE "submission_urls" DROP CONSTRAINT "submission_urls_submission_id_fkey";

-- DropIndex
DROP INDEX "submission_urls_created_at_idx";

-- DropIndex
DROP INDEX "submission_urls_submission_id_idx";

-- AlterTable
ALTER TABLE "submission_urls" DROP CONSTRAINT "submission_urls_pkey",
DROP COLUMN "id",
ALTER COLUMN "tracked_url_id" SET NOT NULL,
ADD CONSTRAINT "submission_urls_pkey" PRIMARY KEY ("submission_id", "tracked_url_id");
