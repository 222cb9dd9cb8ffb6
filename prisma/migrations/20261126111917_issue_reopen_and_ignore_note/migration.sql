-- AlterTable
ALTER TABLE "issues" ADD COLUMN     "ignore_note" TEXT,
ADD COLUMN     "ignored_at" TIMESTAMPTZ(3),
ADD COLUMN     "ignored_by_user_id" UUID;

-- AlterTable
ALTER TABLE "issue_url_memberships" ADD COLUMN     "resolved_manually" BOOLEAN NOT NULL DEFAULT false;

-- AddForeignKey
ALTER TABLE "issues" ADD CONSTRAINT "issues_ignored_by_user_id_fkey" FOREIGN KEY ("ignored_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
