-- AlterTable
ALTER TABLE "duplicate_groups" ADD COLUMN     "similarity" SMALLINT;

-- CreateTable
CREATE TABLE "near_duplicates" (
    "tracked_url_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "group_key" TEXT NOT NULL,
    "canonical_url_id" UUID NOT NULL,
    "canonical_url" TEXT NOT NULL,
    "urls" INTEGER NOT NULL,
    "similarity" SMALLINT NOT NULL,

    CONSTRAINT "near_duplicates_pkey" PRIMARY KEY ("tracked_url_id")
);

-- CreateIndex
CREATE INDEX "near_duplicates_project_id_idx" ON "near_duplicates"("project_id");

-- AddForeignKey
ALTER TABLE "near_duplicates" ADD CONSTRAINT "near_duplicates_tracked_url_id_fkey" FOREIGN KEY ("tracked_url_id") REFERENCES "tracked_urls"("id") ON DELETE CASCADE ON UPDATE CASCADE;
