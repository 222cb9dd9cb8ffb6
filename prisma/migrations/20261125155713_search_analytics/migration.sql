-- CreateEnum
CREATE TYPE "UrlStateSource" AS ENUM ('inspection', 'search_analytics');

-- CreateEnum
CREATE TYPE "UrlPriority" AS ENUM ('high', 'normal', 'low');

-- AlterTable
ALTER TABLE "tracked_urls" ADD COLUMN     "clicks_28d" INTEGER,
ADD COLUMN     "crawler_hits_30d" INTEGER,
ADD COLUMN     "ctr_28d" DOUBLE PRECISION,
ADD COLUMN     "engine_a_observed_at" TIMESTAMPTZ(3),
ADD COLUMN     "engine_a_state_source" "UrlStateSource",
ADD COLUMN     "engine_b_observed_at" TIMESTAMPTZ(3),
ADD COLUMN     "impressions_28d" INTEGER,
ADD COLUMN     "last_bingbot_fetch_at" TIMESTAMPTZ(3),
ADD COLUMN     "last_googlebot_fetch_at" TIMESTAMPTZ(3),
ADD COLUMN     "last_impression_at" TIMESTAMPTZ(3),
ADD COLUMN     "position_28d" DOUBLE PRECISION,
ADD COLUMN     "priority" "UrlPriority";

-- CreateTable
CREATE TABLE "url_priority_rules" (
    "project_id" UUID NOT NULL,
    "path_prefix" TEXT NOT NULL,
    "priority" "UrlPriority" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "url_priority_rules_pkey" PRIMARY KEY ("project_id","path_prefix")
);

-- CreateTable
CREATE TABLE "url_search_days" (
    "tracked_url_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "clicks" INTEGER NOT NULL,
    "impressions" INTEGER NOT NULL,
    "position" REAL NOT NULL,

    CONSTRAINT "url_search_days_pkey" PRIMARY KEY ("tracked_url_id","day")
);

-- CreateTable
CREATE TABLE "untracked_search_pages" (
    "project_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "clicks" INTEGER NOT NULL,
    "impressions" INTEGER NOT NULL,

    CONSTRAINT "untracked_search_pages_pkey" PRIMARY KEY ("project_id","url","day")
);

-- CreateTable
CREATE TABLE "search_analytics_pulls" (
    "project_id" UUID NOT NULL,
    "property_url" TEXT NOT NULL,
    "final_through" DATE,
    "backfilled_at" TIMESTAMPTZ(3),
    "last_pulled_at" TIMESTAMPTZ(3),
    "not_before" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "rows_skipped" INTEGER NOT NULL DEFAULT 0,
    "untracked_rows" INTEGER NOT NULL DEFAULT 0,
    "quota_strikes" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "search_analytics_pulls_pkey" PRIMARY KEY ("project_id")
);

-- CreateIndex
CREATE INDEX "url_search_days_project_id_day_idx" ON "url_search_days"("project_id", "day");

-- CreateIndex
CREATE INDEX "untracked_search_pages_project_id_day_idx" ON "untracked_search_pages"("project_id", "day");

-- AddForeignKey
ALTER TABLE "url_priority_rules" ADD CONSTRAINT "url_priority_rules_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "url_search_days" ADD CONSTRAINT "url_search_days_tracked_url_id_fkey" FOREIGN KEY ("tracked_url_id") REFERENCES "tracked_urls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "untracked_search_pages" ADD CONSTRAINT "untracked_search_pages_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "search_analytics_pulls" ADD CONSTRAINT "search_analytics_pulls_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The URL list's sorts (lib/urls/list-urls.ts): descending with nulls last, read backwards for ascending
-- (nulls first: never observed comes first when asking for the oldest), ties by id.
CREATE INDEX "tracked_urls_sort_clicks_28d_idx" ON "tracked_urls"("project_id", "clicks_28d" DESC NULLS LAST, "id");
CREATE INDEX "tracked_urls_sort_impressions_28d_idx" ON "tracked_urls"("project_id", "impressions_28d" DESC NULLS LAST, "id");
CREATE INDEX "tracked_urls_sort_last_impression_at_idx" ON "tracked_urls"("project_id", "last_impression_at" DESC NULLS LAST, "id");
CREATE INDEX "tracked_urls_sort_engine_a_observed_at_idx" ON "tracked_urls"("project_id", "engine_a_observed_at" DESC NULLS LAST, "id");
CREATE INDEX "tracked_urls_sort_last_googlebot_fetch_at_idx" ON "tracked_urls"("project_id", "last_googlebot_fetch_at" DESC NULLS LAST, "id");
