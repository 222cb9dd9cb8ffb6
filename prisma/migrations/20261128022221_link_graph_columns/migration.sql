-- AlterTable
ALTER TABLE "tracked_urls" ADD COLUMN     "click_depth" INTEGER,
ADD COLUMN     "inlinks" INTEGER,
ADD COLUMN     "inlinks_nofollow_only" BOOLEAN,
ADD COLUMN     "orphan" BOOLEAN;
