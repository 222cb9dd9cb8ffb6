-- AlterTable
ALTER TABLE "url_imports" ADD COLUMN     "excluded_rows" INTEGER;

-- CreateTable
CREATE TABLE "url_exclusions" (
    "project_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_user_id" UUID,

    CONSTRAINT "url_exclusions_pkey" PRIMARY KEY ("project_id","url")
);

-- AddForeignKey
ALTER TABLE "url_exclusions" ADD CONSTRAINT "url_exclusions_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
