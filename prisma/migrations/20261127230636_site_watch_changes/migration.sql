-- AlterEnum
ALTER TYPE "NotificationType" ADD VALUE 'site_change.detected';

-- CreateTable
CREATE TABLE "url_field_snapshots" (
    "tracked_url_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "fields" JSONB NOT NULL,
    "observed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "url_field_snapshots_pkey" PRIMARY KEY ("tracked_url_id")
);

-- CreateTable
CREATE TABLE "url_field_changes" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "tracked_url_id" UUID NOT NULL,
    "observed_at" TIMESTAMPTZ(3) NOT NULL,
    "field" TEXT NOT NULL,
    "from_value" TEXT,
    "to_value" TEXT,
    "from_kind" TEXT NOT NULL,
    "to_kind" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "audit_id" UUID,

    CONSTRAINT "url_field_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "site_changes" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "field" TEXT NOT NULL,
    "from_kind" TEXT NOT NULL,
    "to_kind" TEXT NOT NULL,
    "sections" TEXT[],
    "url_count" INTEGER NOT NULL,
    "sample_urls" TEXT[],
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "deploy_id" UUID,
    "status" TEXT NOT NULL DEFAULT 'open',
    "source" TEXT NOT NULL,
    "detail" JSONB,
    "reverted_at" TIMESTAMPTZ(3),
    "intended_at" TIMESTAMPTZ(3),
    "intended_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "site_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "site_change_urls" (
    "site_change_id" UUID NOT NULL,
    "tracked_url_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "observed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "site_change_urls_pkey" PRIMARY KEY ("site_change_id","tracked_url_id")
);

-- CreateTable
CREATE TABLE "deploys" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "ref" TEXT,
    "description" TEXT,
    "source" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "deploys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deploy_hook_tokens" (
    "project_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "start" TEXT NOT NULL,
    "created_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "deploy_hook_tokens_pkey" PRIMARY KEY ("project_id")
);

-- CreateTable
CREATE TABLE "sentinel_configs" (
    "project_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "auto" BOOLEAN NOT NULL DEFAULT true,
    "urls" TEXT[],
    "last_run_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sentinel_configs_pkey" PRIMARY KEY ("project_id")
);

-- CreateTable
CREATE TABLE "sentinel_pages" (
    "project_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "tracked_url_id" UUID,
    "last_audit_at" TIMESTAMPTZ(3),
    "state" TEXT NOT NULL DEFAULT 'pending',
    "http_status" INTEGER,
    "detail" TEXT,

    CONSTRAINT "sentinel_pages_pkey" PRIMARY KEY ("project_id","url")
);

-- CreateIndex
CREATE INDEX "url_field_changes_tracked_url_id_observed_at_id_idx" ON "url_field_changes"("tracked_url_id", "observed_at" DESC, "id");

-- CreateIndex
CREATE INDEX "url_field_changes_project_id_observed_at_idx" ON "url_field_changes"("project_id", "observed_at");

-- CreateIndex
CREATE INDEX "url_field_changes_observed_at_idx" ON "url_field_changes"("observed_at");

-- CreateIndex
CREATE INDEX "site_changes_project_id_status_first_seen_at_idx" ON "site_changes"("project_id", "status", "first_seen_at");

-- CreateIndex
CREATE INDEX "site_change_urls_tracked_url_id_idx" ON "site_change_urls"("tracked_url_id");

-- CreateIndex
CREATE INDEX "deploys_project_id_at_idx" ON "deploys"("project_id", "at");

-- CreateIndex
CREATE UNIQUE INDEX "deploy_hook_tokens_token_hash_key" ON "deploy_hook_tokens"("token_hash");

-- AddForeignKey
ALTER TABLE "url_field_snapshots" ADD CONSTRAINT "url_field_snapshots_tracked_url_id_fkey" FOREIGN KEY ("tracked_url_id") REFERENCES "tracked_urls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "url_field_changes" ADD CONSTRAINT "url_field_changes_tracked_url_id_fkey" FOREIGN KEY ("tracked_url_id") REFERENCES "tracked_urls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "site_changes" ADD CONSTRAINT "site_changes_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "site_change_urls" ADD CONSTRAINT "site_change_urls_site_change_id_fkey" FOREIGN KEY ("site_change_id") REFERENCES "site_changes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deploys" ADD CONSTRAINT "deploys_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deploy_hook_tokens" ADD CONSTRAINT "deploy_hook_tokens_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sentinel_configs" ADD CONSTRAINT "sentinel_configs_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sentinel_pages" ADD CONSTRAINT "sentinel_pages_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
