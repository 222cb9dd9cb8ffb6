-- CreateTable
CREATE TABLE "indexing_metrics_cache" (
    "project_id" UUID NOT NULL,
    "days" INTEGER NOT NULL,
    "group_by" TEXT NOT NULL,
    "depth" INTEGER NOT NULL,
    "payload" JSONB NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "indexing_metrics_cache_pkey" PRIMARY KEY ("project_id","days","group_by","depth")
);

-- AddForeignKey
ALTER TABLE "indexing_metrics_cache" ADD CONSTRAINT "indexing_metrics_cache_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
