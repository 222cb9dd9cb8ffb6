-- AlterTable
ALTER TABLE "tracked_urls" ADD COLUMN     "impression_days_28d" SMALLINT;
