-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "sitemap_sync_progress" JSONB;
