-- CreateTable
CREATE TABLE "organization_brandings" (
    "organization_id" UUID NOT NULL,
    "display_name" TEXT,
    "accent_color" TEXT,
    "logo" BYTEA,
    "logo_mime_type" TEXT,
    "logo_width" INTEGER,
    "logo_height" INTEGER,
    "logo_updated_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "organization_brandings_pkey" PRIMARY KEY ("organization_id")
);

-- AddForeignKey
ALTER TABLE "organization_brandings" ADD CONSTRAINT "organization_brandings_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
