-- AlterTable
ALTER TABLE "event_outbox" ADD COLUMN     "claimed_until" TIMESTAMPTZ(3);
