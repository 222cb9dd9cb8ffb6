-- CreateTable
CREATE TABLE "crawl_untracked_deltas" (
    "id" BIGSERIAL NOT NULL,
    "project_id" UUID NOT NULL,
    "path" TEXT NOT NULL,
    "hits" INTEGER NOT NULL,
    "last_status" INTEGER,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "crawl_untracked_deltas_pkey" PRIMARY KEY ("id")
);
