-- AlterTable
ALTER TABLE "client_reports" ADD COLUMN     "delivered_to" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "report_unsubscribes" (
    "project_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "organization_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "report_unsubscribes_pkey" PRIMARY KEY ("project_id","email")
);

-- AddForeignKey
ALTER TABLE "report_unsubscribes" ADD CONSTRAINT "report_unsubscribes_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
