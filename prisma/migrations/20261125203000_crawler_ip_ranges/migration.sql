-- CreateTable
CREATE TABLE "crawler_ip_ranges" (
    "list_id" TEXT NOT NULL,
    "families" TEXT[],
    "source_url" TEXT NOT NULL,
    "creation_time" TIMESTAMPTZ(3),
    "prefixes" JSONB NOT NULL,
    "prefix_count" INTEGER NOT NULL,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL,
    "checked_at" TIMESTAMPTZ(3) NOT NULL,
    "last_error" TEXT,

    CONSTRAINT "crawler_ip_ranges_pkey" PRIMARY KEY ("list_id")
);
