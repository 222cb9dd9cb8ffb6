-- DropIndex
DROP INDEX "credit_ledger_entries_organization_id_created_at_idx";

-- AlterTable
ALTER TABLE "credit_ledger_entries" ADD COLUMN     "seq" BIGSERIAL NOT NULL;

-- CreateIndex
CREATE INDEX "credit_ledger_entries_organization_id_created_at_seq_idx" ON "credit_ledger_entries"("organization_id", "created_at", "seq");
