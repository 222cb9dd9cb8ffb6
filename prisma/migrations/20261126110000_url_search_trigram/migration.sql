-- The URL list's `q` (a case-insensitive substring of the URL, `url ILIKE '%q%'`) served by a trigram index:
-- pg_trgm lowercases its trigrams, so one GIN index on the URL answers ILIKE for any substring of 3 characters or
-- more. The embedded database (PGlite) loads pg_trgm as a contrib extension (lib/db/embedded.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS tracked_urls_url_trgm_idx ON tracked_urls USING gin (url gin_trgm_ops);
