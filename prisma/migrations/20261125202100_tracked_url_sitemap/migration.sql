-- Which sitemap listed each tracked URL (sitemap coverage): set by the sitemap sync's admission, null until the
-- next sync for URLs tracked before this migration. A nullable column without a default: no table rewrite.
ALTER TABLE "tracked_urls" ADD COLUMN "sitemap_id" UUID;
