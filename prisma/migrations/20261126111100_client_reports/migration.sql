-- CreateEnum
CREATE TYPE "ReportCadence" AS ENUM ('off', 'weekly', 'monthly');

-- CreateEnum
CREATE TYPE "ClientReportStatus" AS ENUM ('pending', 'sent', 'failed');

-- CreateTable
CREATE TABLE "share_links" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_by_user_id" UUID,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "view_count" INTEGER NOT NULL DEFAULT 0,
    "last_viewed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "share_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "report_schedules" (
    "project_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "cadence" "ReportCadence" NOT NULL DEFAULT 'off',
    "recipients" TEXT[],
    "active_since" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "report_schedules_pkey" PRIMARY KEY ("project_id")
);

-- CreateTable
CREATE TABLE "client_reports" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "period_key" TEXT NOT NULL,
    "cadence" "ReportCadence" NOT NULL,
    "period_start" TIMESTAMPTZ(3) NOT NULL,
    "period_end" TIMESTAMPTZ(3) NOT NULL,
    "test" BOOLEAN NOT NULL DEFAULT false,
    "status" "ClientReportStatus" NOT NULL DEFAULT 'pending',
    "recipients" TEXT[],
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claimed_until" TIMESTAMPTZ(3),
    "pdf" BYTEA,
    "generated_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_reports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "share_links_token_hash_key" ON "share_links"("token_hash");

-- CreateIndex
CREATE INDEX "share_links_project_id_created_at_idx" ON "share_links"("project_id", "created_at");

-- CreateIndex
CREATE INDEX "report_schedules_cadence_idx" ON "report_schedules"("cadence");

-- CreateIndex
CREATE INDEX "client_reports_project_id_generated_at_idx" ON "client_reports"("project_id", "generated_at");

-- CreateIndex
CREATE INDEX "client_reports_status_claimed_until_idx" ON "client_reports"("status", "claimed_until");

-- CreateIndex
CREATE UNIQUE INDEX "client_reports_project_id_period_key_key" ON "client_reports"("project_id", "period_key");

-- AddForeignKey
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_reports" ADD CONSTRAINT "client_reports_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
