-- AlterTable
ALTER TABLE "share_links" ADD COLUMN     "token_enc" TEXT;
