-- CreateEnum
CREATE TYPE "UrlHistoryKind" AS ENUM ('audit', 'engineA', 'engineB');

-- CreateTable
CREATE TABLE "url_history" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "tracked_url_id" UUID NOT NULL,
    "observed_at" TIMESTAMPTZ(3) NOT NULL,
    "kind" "UrlHistoryKind" NOT NULL,
    "state" JSONB NOT NULL,
    "changed" TEXT[],
    "source" TEXT NOT NULL,

    CONSTRAINT "url_history_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inspection_claims" (
    "tracked_url_id" UUID NOT NULL,
    "slot" TIMESTAMPTZ(3) NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "leased_until" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inspection_claims_pkey" PRIMARY KEY ("tracked_url_id","slot")
);

-- CreateTable
CREATE TABLE "inspection_requests" (
    "tracked_url_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inspection_requests_pkey" PRIMARY KEY ("tracked_url_id")
);

-- CreateIndex
CREATE INDEX "url_history_tracked_url_id_observed_at_id_idx" ON "url_history"("tracked_url_id", "observed_at" DESC, "id");

-- CreateIndex
CREATE INDEX "url_history_project_id_observed_at_idx" ON "url_history"("project_id", "observed_at");

-- CreateIndex
CREATE INDEX "url_history_observed_at_idx" ON "url_history"("observed_at");

-- CreateIndex
CREATE INDEX "inspection_claims_project_id_idx" ON "inspection_claims"("project_id");

-- CreateIndex
CREATE INDEX "inspection_requests_project_id_requested_at_idx" ON "inspection_requests"("project_id", "requested_at");

-- AddForeignKey
ALTER TABLE "url_history" ADD CONSTRAINT "url_history_tracked_url_id_fkey" FOREIGN KEY ("tracked_url_id") REFERENCES "tracked_urls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inspection_requests" ADD CONSTRAINT "inspection_requests_tracked_url_id_fkey" FOREIGN KEY ("tracked_url_id") REFERENCES "tracked_urls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The scheduler looks up due URLs per project (fair shares, claims of one project's batch), so the
-- due index leads with the project; it still holds only URLs with a scheduled inspection.
DROP INDEX "tracked_urls_next_inspection_due_idx";
CREATE INDEX "tracked_urls_next_inspection_due_idx" ON "tracked_urls"("project_id", "next_inspection_at") WHERE "next_inspection_at" IS NOT NULL;
