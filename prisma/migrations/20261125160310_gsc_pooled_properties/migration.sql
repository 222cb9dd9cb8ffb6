-- CreateTable
CREATE TABLE "gsc_properties" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "property_url" TEXT NOT NULL,
    "permission_level" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "gsc_properties_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "gsc_properties_project_id_property_url_key" ON "gsc_properties"("project_id", "property_url");

-- AddForeignKey
ALTER TABLE "gsc_properties" ADD CONSTRAINT "gsc_properties_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
