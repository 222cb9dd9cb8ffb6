-- Consents in progress live 10 minutes and nothing wrote this table before: drop them rather than
-- invent a hash for a NOT NULL column.
DELETE FROM "oauth_states";

-- DropIndex
DROP INDEX "oauth_states_state_key";

-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "engine_b_last_error" TEXT,
ADD COLUMN     "engine_b_site_url" TEXT,
ADD COLUMN     "gsc_revoked_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "oauth_states" DROP COLUMN "state",
ADD COLUMN     "code_hash" TEXT,
ADD COLUMN     "redirect_uri" TEXT,
ADD COLUMN     "refresh_token_enc" TEXT,
ADD COLUMN     "state_hash" TEXT NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "oauth_states_state_hash_key" ON "oauth_states"("state_hash");

-- CreateIndex
CREATE INDEX "oauth_states_expires_at_idx" ON "oauth_states"("expires_at");

-- CreateIndex
CREATE INDEX "oauth_states_project_id_idx" ON "oauth_states"("project_id");
