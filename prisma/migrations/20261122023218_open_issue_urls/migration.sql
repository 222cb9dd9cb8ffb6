-- CreateTable
CREATE TABLE "open_issue_urls" (
    "tracked_url_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "discovered_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "open_issue_urls_pkey" PRIMARY KEY ("tracked_url_id")
);

-- CreateIndex
CREATE INDEX "open_issue_urls_project_id_discovered_at_tracked_url_id_idx" ON "open_issue_urls"("project_id", "discovered_at", "tracked_url_id");

-- AddForeignKey
ALTER TABLE "open_issue_urls" ADD CONSTRAINT "open_issue_urls_tracked_url_id_fkey" FOREIGN KEY ("tracked_url_id") REFERENCES "tracked_urls"("id") ON DELETE CASCADE ON UPDATE CASCADE;
