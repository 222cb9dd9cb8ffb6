-- CreateTable
CREATE TABLE "event_outbox" (
    "id" UUID NOT NULL,
    "event_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "event_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "event_outbox_event_id_key" ON "event_outbox"("event_id");
-- The flush reads unsent events oldest first.
CREATE INDEX "event_outbox_unsent_idx" ON "event_outbox" ("created_at") WHERE "sent_at" IS NULL;
