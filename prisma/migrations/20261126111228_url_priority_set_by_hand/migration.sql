-- AlterTable
ALTER TABLE "tracked_urls" ADD COLUMN     "priority_set_by_hand" BOOLEAN NOT NULL DEFAULT false;
