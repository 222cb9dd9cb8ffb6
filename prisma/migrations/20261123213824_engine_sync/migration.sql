-- AlterTable
ALTER TABLE "issue_url_memberships" ADD COLUMN     "metadata" JSONB;

-- CreateTable
CREATE TABLE "engine_quota_usage" (
    "property_key" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "used" INTEGER NOT NULL DEFAULT 0,
    "minute_key" TEXT NOT NULL DEFAULT '',
    "used_this_minute" INTEGER NOT NULL DEFAULT 0,
    "used_elsewhere" INTEGER NOT NULL DEFAULT 0,
    "exhausted" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "engine_quota_usage_pkey" PRIMARY KEY ("property_key","day")
);
