-- AlterTable
ALTER TABLE "tracked_urls" ADD COLUMN     "engine_a_sync_priority" SMALLINT,
ADD COLUMN     "engine_b_sync_priority" SMALLINT;

-- URLs owing an engine check, in the order the sync takes them (lib/engine-sync/sync-pending.ts).
CREATE INDEX "tracked_urls_engine_a_backlog_idx" ON "tracked_urls" ("project_id", "engine_a_sync_priority", "last_engine_sync_at" NULLS FIRST, "id") WHERE "engine_a_sync_priority" IS NOT NULL;
CREATE INDEX "tracked_urls_engine_b_backlog_idx" ON "tracked_urls" ("project_id", "engine_b_sync_priority", "last_engine_sync_at" NULLS FIRST, "id") WHERE "engine_b_sync_priority" IS NOT NULL;
