-- CreateTable
CREATE TABLE "gsc_day_plans" (
    "project_id" UUID NOT NULL,
    "day" TEXT NOT NULL,
    "planned" INTEGER NOT NULL,
    "by_reason" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "gsc_day_plans_pkey" PRIMARY KEY ("project_id","day")
);

-- AddForeignKey
ALTER TABLE "gsc_day_plans" ADD CONSTRAINT "gsc_day_plans_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
