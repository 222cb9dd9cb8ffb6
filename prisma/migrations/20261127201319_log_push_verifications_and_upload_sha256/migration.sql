-- AlterTable
ALTER TABLE "log_imports" ADD COLUMN     "sha256" TEXT;

-- CreateTable
CREATE TABLE "log_push_verifications" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "hits" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "log_push_verifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "log_push_verifications_created_at_idx" ON "log_push_verifications"("created_at");

-- CreateIndex
CREATE INDEX "log_imports_project_id_sha256_idx" ON "log_imports"("project_id", "sha256");

-- AddForeignKey
ALTER TABLE "log_push_verifications" ADD CONSTRAINT "log_push_verifications_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
