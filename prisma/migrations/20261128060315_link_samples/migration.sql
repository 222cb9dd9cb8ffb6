-- A tracked URL's inlink samples move to url_facts beside its inlinks, so the graph job writes one row a URL (an
-- INSERT … ON CONFLICT into a narrow table) instead of updating every link_nodes row; link_nodes keeps the counts and
-- samples of untracked nodes (unlisted pages). Samples are node ids packed as int4send (4 bytes each, at most 5):
-- 21 bytes where an int[] took 44. Existing values are converted, not lost.

-- AlterTable
ALTER TABLE "url_facts" ADD COLUMN     "inlink_samples" BYTEA;

ALTER TABLE "link_nodes" ADD COLUMN "sample_bytes" BYTEA NOT NULL DEFAULT '\x';
UPDATE "link_nodes" SET "sample_bytes" = coalesce((SELECT string_agg(int4send(s.node), ''::bytea ORDER BY s.o)
  FROM unnest("sample_sources") WITH ORDINALITY AS s(node, o)), '\x'::bytea)
WHERE cardinality("sample_sources") > 0;

-- A tracked node's count and samples go to its URL's facts (the URL has a facts row once the graph ran: inlinks set).
UPDATE "url_facts" f SET "inlink_samples" = n."sample_bytes"
FROM "link_nodes" n WHERE n."tracked_url_id" = f."tracked_url_id" AND f."inlinks" IS NOT NULL;
UPDATE "link_nodes" SET "inlink_pages" = 0, "sample_bytes" = '\x' WHERE "tracked_url_id" IS NOT NULL AND ("inlink_pages" <> 0 OR "sample_bytes" <> '\x');

ALTER TABLE "link_nodes" DROP COLUMN "sample_sources";
ALTER TABLE "link_nodes" RENAME COLUMN "sample_bytes" TO "sample_sources";
