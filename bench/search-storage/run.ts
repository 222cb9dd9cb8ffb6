// Search Analytics storage at 1,000,000 URLs × 480 days (issue 22 §1): what url_search_days costs on disk when it
// is full, and what a day's store and the retention delete cost at that size.
// World (as bench/coverage): the top 10 % of pages have impressions every day; the others are indexed when
// i % 10 < 7 (73 % indexed in all) and then have impressions in 60 % of 7-day windows (a day with p = 1 - 0.4^(1/7));
// unindexed pages none. About 17 % of the URLs a day: one row per URL and Pacific day with impressions, 480 days.
// 1. Growth: a sample site (BENCH_STORAGE_SAMPLE_URLS, default 20,000) filled day after day for 480 days, in the
//    order the daily pulls write, gives the bytes a row takes in a table grown that way (B-tree pages split as
//    rows arrive, so the primary key is not packed).
// 2. Scale: the table for 1,000,000 URLs × 480 days, bulk-loaded with its indexes built after (packed), measured;
//    then the next day through the real store path (storeSearchRows, pages of 25,000 rows) and the retention
//    delete of the day that falls out, both timed at that size. Loading 83 M rows day by day takes hours on this
//    machine, so the full table's size as the pulls grow it is the row count times the sample's bytes a row.
// Usage: npm run bench:search-storage   (BENCH_STORAGE_URLS, BENCH_STORAGE_DAYS, BENCH_STORAGE_SAMPLE_URLS;
// BENCH_DATABASE_URL / DATABASE_URL or local PostgreSQL)
import { freshDatabase, writeResults } from "../lib.mjs";
import { applyMigrations } from "../../lib/db/migrate";

const URLS = Number(process.env.BENCH_STORAGE_URLS ?? 1_000_000);
const SAMPLE_URLS = Number(process.env.BENCH_STORAGE_SAMPLE_URLS ?? 20_000);
const DAYS = Number(process.env.BENCH_STORAGE_DAYS ?? 480);
const P_DAILY = 1 - 0.4 ** (1 / 7);
const TODAY = "2026-11-24";

const DATABASE_URL = await freshDatabase(process.env.BENCH_STORAGE_DB ?? "iw_bench_search_storage");
Object.assign(process.env, { DATABASE_URL, DISABLE_IN_PROCESS_JOBS: "1", ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "0".repeat(64) });
await applyMigrations(DATABASE_URL);
const { db, Prisma, withTransaction } = await import("../../lib/db");
const { systemCtx } = await import("../../lib/core/context");
const { ensureUser } = await import("../../lib/users/ensure-user");
const { storeSearchRows } = await import("../../lib/search-analytics/store-rows");
const { addDays } = await import("../../lib/search-analytics/day-keys");

const { userId, organizationId } = await ensureUser("bench-search-storage@example.test");
const sec = (t0: number) => (performance.now() - t0) / 1000;
const log = (m: string) => console.log(`[search-storage] ${m}`);
type Site = { projectId: string; domain: string; urls: number };

/** A project of `urls` tracked URLs (https://domain/p/<i>), and each page's number i in bench_pages. */
async function site(domain: string, urls: number): Promise<Site> {
  const project = await db.project.create({
    data: { organizationId, createdByUserId: userId, name: domain, domain, liveDomain: domain, sitemapUrl: `https://${domain}/sitemap.xml` },
  });
  const t0 = performance.now();
  for (let from = 0; from < urls; from += 100_000) {
    await db.$executeRaw(Prisma.sql`
      INSERT INTO tracked_urls (id, organization_id, project_id, url, source, discovered_at, updated_at)
      SELECT gen_random_uuid(), ${organizationId}::uuid, ${project.id}::uuid, 'https://' || ${domain} || '/p/' || i, 'sitemap', now(), now()
      FROM generate_series(${from}::int, ${Math.min(urls, from + 100_000) - 1}::int) i`);
  }
  await db.$executeRaw(Prisma.sql`
    INSERT INTO bench_pages (id, project_id, i)
    SELECT id, project_id, substring(url from '/p/([0-9]+)$')::int FROM tracked_urls WHERE project_id = ${project.id}::uuid`);
  await db.$executeRaw(Prisma.sql`ANALYZE tracked_urls`);
  await db.$executeRaw(Prisma.sql`ANALYZE bench_pages`);
  log(`${urls.toLocaleString("en-US")} tracked URLs for ${domain} in ${sec(t0).toFixed(1)} s`);
  return { projectId: project.id, domain, urls };
}

/** The rows of the days [first, last] (day keys): top pages daily, indexed ones when their (i, day) draw falls under P_DAILY. */
const daysRows = (s: Site, first: string, last: string) => Prisma.sql`
  SELECT p.id, p.project_id, d::date, CASE WHEN p.i < ${s.urls / 10} THEN 5 ELSE (p.i % 5 = 0)::int END,
         CASE WHEN p.i < ${s.urls / 10} THEN 50 ELSE 3 END, 1 + (p.i % 20)
  FROM bench_pages p CROSS JOIN generate_series(${first}::date, ${last}::date, interval '1 day') d
  WHERE p.project_id = ${s.projectId}::uuid
    AND (p.i < ${s.urls / 10} OR (p.i % 10 < 7 AND (hashtext(p.i || ':' || d::date) & 1048575) < ${Math.round(P_DAILY * 1048576)}))`;
const insertDays = (s: Site, first: string, last: string) =>
  db.$executeRaw(Prisma.sql`INSERT INTO url_search_days (tracked_url_id, project_id, day, clicks, impressions, position) ${daysRows(s, first, last)}`);

async function sizes() {
  const [r] = await db.$queryRaw<{ rows: bigint; heap: bigint; pkey: bigint; day_idx: bigint; total: bigint }[]>(Prisma.sql`
    SELECT (SELECT count(*) FROM url_search_days) AS rows,
      pg_relation_size('url_search_days') AS heap, pg_relation_size('url_search_days_pkey') AS pkey,
      pg_relation_size('url_search_days_project_id_day_idx') AS day_idx, pg_total_relation_size('url_search_days') AS total`);
  const rows = Number(r.rows);
  return { rows, heap: Number(r.heap) / rows, pkey: Number(r.pkey) / rows, dayIdx: Number(r.day_idx) / rows, total: Number(r.total) / rows, totalBytes: Number(r.total) };
}

await db.$executeRaw(Prisma.sql`CREATE TABLE bench_pages (id uuid PRIMARY KEY, project_id uuid NOT NULL, i int NOT NULL)`);

// 1. Growth, day after day.
const sample = await site("sample.storage.bench.example", SAMPLE_URLS);
let t0 = performance.now();
for (let d = DAYS - 1; d >= 1; d--) await insertDays(sample, addDays(TODAY, -d), addDays(TODAY, -d));
const sampleLoadSeconds = sec(t0);
await db.$executeRaw(Prisma.sql`VACUUM ANALYZE url_search_days`);
const grown = await sizes();
log(`sample grown day by day: ${grown.rows} rows, ${grown.total.toFixed(1)} bytes a row, ${sampleLoadSeconds.toFixed(0)} s`);
await db.$executeRaw(Prisma.sql`TRUNCATE url_search_days`);

// 2. Scale: bulk-loaded (indexes built after, with room to sort), then a real day's store and the retention delete.
const big = await site("storage.bench.example", URLS);
// Foreign keys are checked row by row on insert: dropped for the load and validated after in one pass.
const foreignKeys = await db.$queryRaw<{ name: string; def: string }[]>(Prisma.sql`
  SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'url_search_days'::regclass AND contype = 'f'`);
for (const k of foreignKeys) await db.$executeRawUnsafe(`ALTER TABLE url_search_days DROP CONSTRAINT "${k.name}"`);
await db.$executeRaw(Prisma.sql`ALTER TABLE url_search_days DROP CONSTRAINT url_search_days_pkey`);
await db.$executeRaw(Prisma.sql`DROP INDEX url_search_days_project_id_day_idx`);
t0 = performance.now();
for (let d = DAYS - 1; d >= 1; d -= 40) {
  await insertDays(big, addDays(TODAY, -d), addDays(TODAY, -Math.max(1, d - 39)));
  log(`${DAYS - Math.max(1, d - 39)} of ${DAYS - 1} days loaded, ${sec(t0).toFixed(0)} s`);
}
const bulkLoadSeconds = sec(t0);
t0 = performance.now();
await withTransaction(systemCtx("run"), async (ctx) => {
  const { tx } = ctx;
  await tx.$executeRaw(Prisma.sql`SET LOCAL maintenance_work_mem = '1GB'`);
  await tx.$executeRaw(Prisma.sql`ALTER TABLE url_search_days ADD CONSTRAINT url_search_days_pkey PRIMARY KEY (tracked_url_id, day)`);
  await tx.$executeRaw(Prisma.sql`CREATE INDEX url_search_days_project_id_day_idx ON url_search_days (project_id, day)`);
  for (const k of foreignKeys) await tx.$executeRawUnsafe(`ALTER TABLE url_search_days ADD CONSTRAINT "${k.name}" ${k.def}`);
}, { timeout: 3_600_000 });
const indexSeconds = sec(t0);
await db.$executeRaw(Prisma.sql`VACUUM ANALYZE url_search_days`);
const packed = await sizes();
log(`${URLS} URLs × ${DAYS} days: ${packed.rows} rows, ${packed.total.toFixed(1)} bytes a row packed, load ${bulkLoadSeconds.toFixed(0)} s, indexes ${indexSeconds.toFixed(0)} s`);

// The next day through the real store path, in pages of 25,000 rows as the pull gets them.
const lastDay = addDays(TODAY, 0);
const drawn = await db.$queryRaw<{ url: string; clicks: number; impressions: number; position: number }[]>(Prisma.sql`
  SELECT t.url, x.clicks, x.impressions, x.position::float8 AS position
  FROM (${daysRows(big, lastDay, lastDay)}) AS x(id, project_id, day, clicks, impressions, position) JOIN tracked_urls t ON t.id = x.id`);
const rows = drawn.map((r) => ({ page: r.url, date: lastDay, clicks: r.clicks, impressions: r.impressions, ctr: r.clicks / r.impressions, position: r.position }));
t0 = performance.now();
for (let i = 0; i < rows.length; i += 25_000) {
  await withTransaction(systemCtx("run"), (ctx) => storeSearchRows(ctx, { projectId: big.projectId, domain: big.domain }, rows.slice(i, i + 25_000), TODAY), { timeout: 600_000 });
}
const storeSeconds = sec(t0);

// Retention: the day that falls out of the 480 (the pull deletes what is older than its window).
t0 = performance.now();
const deleted = await db.$executeRaw(Prisma.sql`
  DELETE FROM url_search_days WHERE project_id = ${big.projectId}::uuid AND day < ${addDays(TODAY, -(DAYS - 2))}::date`);
const deleteSeconds = sec(t0);

const rowsPerDay = packed.rows / (DAYS - 1);
const grownGb = (packed.rows * grown.total) / 1024 ** 3;
const result = {
  urls: URLS, days: DAYS, rows: packed.rows, rowsPerDay, shareOfUrlsPerDay: rowsPerDay / URLS,
  packedBytesPerRow: packed, grownBytesPerRow: grown, packedGb: packed.totalBytes / 1024 ** 3, grownGb,
  sampleUrls: SAMPLE_URLS, sampleLoadSecondsPerDay: sampleLoadSeconds / (DAYS - 1), bulkLoadSeconds, indexSeconds,
  storeDaySeconds: storeSeconds, storedRows: rows.length, retentionDeleteSeconds: deleteSeconds, retentionDeletedRows: deleted,
  everyUrlEveryDayGb: (grown.total * URLS * DAYS) / 1024 ** 3,
};
console.log(JSON.stringify(result, null, 2));

const f = (v: number, d = 0) => v.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const b = (x: { heap: number; pkey: number; dayIdx: number; total: number }) => `${f(x.heap, 1)} + ${f(x.pkey, 1)} + ${f(x.dayIdx, 1)} = ${f(x.total, 1)}`;
writeResults("search-storage", `## Search Analytics storage at ${f(URLS)} URLs × ${DAYS} days

\`npm run bench:search-storage\` (bench/search-storage/run.ts). \`url_search_days\` keeps one row per tracked URL and Pacific day *with
impressions*, ${DAYS} days. World as bench/coverage: the top 10 % of pages shown every day, the other indexed pages (73 % indexed in all)
in 60 % of 7-day windows, so ${f((100 * rowsPerDay) / URLS, 1)} % of the URLs have a row on a given day.

| measure | value |
|---|---|
| rows at ${f(URLS)} URLs × ${DAYS} days | ${f(packed.rows)} (${f(rowsPerDay)} a day) |
| bytes a row, table + primary key + (project, day) index, packed (bulk load, indexes built after) | ${b(packed)} |
| bytes a row as the daily pulls grow it (${f(SAMPLE_URLS)}-URL sample filled day by day for ${DAYS} days) | ${b(grown)} |
| **on disk at ${f(URLS)} × ${DAYS}** | **${f(packed.totalBytes / 1024 ** 3, 1)} GB packed (measured); ${f(grownGb, 1)} GB as grown day by day (rows × the sample's bytes a row)** |
| upper bound: every URL shown every day for ${DAYS} days | ${f(result.everyUrlEveryDayGb, 1)} GB |
| a day's store through storeSearchRows at that size (${f(rows.length)} rows, pages of 25,000) | ${f(storeSeconds, 1)} s |
| retention: delete the day that falls out (${f(deleted)} rows) | ${f(deleteSeconds, 1)} s |
| bulk load of the ${f(packed.rows)} rows / building both indexes and checking the foreign keys | ${f(bulkLoadSeconds)} s / ${f(indexSeconds)} s |

Google returns only the top rows of very large properties (in practice about 50,000 pages a day), so a real ${f(URLS)}-URL site stores
fewer rows a day than this world's ${f(rowsPerDay)}; a URL that never has impressions costs nothing. Days are kept ${DAYS} days, the
console's 16 months, and untracked pages only 28 days.
`);
await db.$disconnect();
process.exit(0);
