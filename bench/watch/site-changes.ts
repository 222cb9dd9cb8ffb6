// Site changes (issue 35 §2-§3): one cycle of 100,000 audits of one project, written through the field history
// (recordFieldChanges, 500 URLs a transaction, as applyAuditOutcomes batches them), then site-change detection over
// the cycle (target: under 10 s). The cycle: a deploy pointed the canonical of /products/ (20,000 URLs) at the home
// page and added noindex to /blog/ (3,000 URLs); 10,000 pages have a clock in their title (digits only: noise);
// 2 % of pages changed their text. Also: the storage per change row and per snapshot row measured in PostgreSQL, the
// year at 1,000,000 URLs, and the field extraction's CPU per page (the bench/audit page parsed with and without it).
// Usage: npm run bench:site-changes   (BENCH_URLS=n for a trial; BENCH_DATABASE_URL / DATABASE_URL)
import os from "node:os";
import { Readable } from "node:stream";
import pg from "pg";
import { cli, freshDatabase, writeResults } from "../lib.mjs";

const N = Number(process.env.BENCH_URLS ?? 100_000);
const DOMAIN = "bench-site-changes.example";
const PROJECT = "0a0a0a0a-0000-4000-8000-000000003501";
const SECTIONS = ["products", "blog", "docs", "help", "category", "brands", "guides", "news", "stores", "careers"];
const section = (i: number) => (i < N * 0.2 ? "products" : i < N * 0.23 ? "blog" : SECTIONS[2 + (i % 8)]);
const urlOf = (i: number) => `https://${DOMAIN}/${section(i)}/page-${i}`;

const DATABASE_URL = await freshDatabase(process.env.BENCH_DB_NAME ?? "iw_bench_site_changes");
process.env.DATABASE_URL = DATABASE_URL;
const env = { DATABASE_URL };
const { organizationId } = cli(env, "user:create", "--email", "bench-site-changes@example.test");
const seeder = new pg.Client({ connectionString: DATABASE_URL });
await seeder.connect();
await seeder.query(`INSERT INTO projects (id, organization_id, name, domain, live_domain, sitemap_url, updated_at) VALUES ($1, $2, $3, $3, $3, 'https://' || $3 || '/sitemap.xml', now())`, [PROJECT, organizationId, DOMAIN]);
await seeder.query(`INSERT INTO tracked_urls (id, organization_id, project_id, url, source, updated_at) SELECT gen_random_uuid(), $1, $2, u, 'import', now() FROM unnest($3::text[]) AS u`,
  [organizationId, PROJECT, Array.from({ length: N }, (_, i) => urlOf(i))]);
const ids = new Map((await seeder.query<{ id: string; url: string }>(`SELECT id, url FROM tracked_urls WHERE project_id = $1`, [PROJECT])).rows.map((r) => [r.url, r.id]));

const { db, withTransaction } = await import("../../lib/db");
const { systemCtx } = await import("../../lib/core/context");
const { recordFieldChanges } = await import("../../lib/site-watch/field-history");
const { detectSiteChanges } = await import("../../lib/site-watch/site-changes");
const p = { organizationId, projectId: PROJECT };

type Values = Record<string, string | null>;
function fieldsOf(i: number, after: boolean): Values {
  const url = urlOf(i);
  const s = section(i);
  const clock = i % 10 === 0 ? ` · updated ${after ? "13:05" : "12:55"}` : "";
  const text = i % 50 === 7 && after ? "b" : "a";
  return {
    status: "200", redirect_target: null, canonical: after && s === "products" ? `https://${DOMAIN}/` : url,
    meta_robots: after && s === "blog" ? "noindex, follow" : "index, follow", x_robots_tag: null,
    title: `Page ${i} in ${s}${clock} | Shop`, meta_description: `All about page ${i}, one of the ${s} pages of the shop.`, h1: `Page ${i}`,
    hreflang: `de https://${DOMAIN}/de/${s}/page-${i}\nfr https://${DOMAIN}/fr/${s}/page-${i}`, structured_data_types: s === "products" ? "BreadcrumbList, Offer, Product" : "BreadcrumbList",
    main_text_hash: `${text}${String(i).padStart(15, "0")}`, word_count: String(300 + (i % 700) + (text === "b" ? 12 : 0)), internal_links: String(40 + (i % 30)),
  };
}

async function cycle(after: boolean, at: Date): Promise<{ ms: number; changes: number }> {
  const t0 = performance.now();
  let changes = 0;
  for (let start = 0; start < N; start += 500) {
    const items = Array.from({ length: Math.min(500, N - start) }, (_, k) => {
      const i = start + k;
      return { trackedUrlId: ids.get(urlOf(i))!, url: urlOf(i), values: fieldsOf(i, after), auditId: null, source: "audit" as const };
    });
    changes += (await withTransaction(systemCtx("bench", p.organizationId), (ctx) => recordFieldChanges(ctx, p, items, at))).length;
  }
  return { ms: performance.now() - t0, changes };
}

const size = async (table: string) => Number((await seeder.query(`SELECT pg_total_relation_size($1) AS n`, [table])).rows[0].n);
const loadStart = os.loadavg()[0];
const t0 = new Date(Date.now() - 3_600_000);
const snapBefore = await size("url_field_snapshots");
const baseline = await cycle(false, t0);
await seeder.query("VACUUM ANALYZE url_field_snapshots");
const snapBytes = (await size("url_field_snapshots")) - snapBefore;
const unchanged = await cycle(false, new Date(t0.getTime() + 60_000));
const changesBefore = await size("url_field_changes");
const changed = await cycle(true, new Date(t0.getTime() + 120_000));
await seeder.query("VACUUM ANALYZE url_field_changes");
const changeBytes = (await size("url_field_changes")) - changesBefore;
const detectT0 = performance.now();
const report = await detectSiteChanges(systemCtx("bench", organizationId), PROJECT, { now: new Date(t0.getTime() + 180_000) });
const detectMs = performance.now() - detectT0;
const opened = await db.siteChange.findMany({ where: { projectId: PROJECT }, orderBy: { urlCount: "desc" } });
const loadEnd = os.loadavg()[0];

// Field extraction's CPU per page: the bench/audit page (20 KB) parsed by readPage with and without the fields.
const { readPage } = await import("../../lib/audit/read-page");
const filler = Array.from({ length: 300 }, (_, i) => `<li><a href="/catalog/item-${i}">Item ${i}</a></li>`).join("");
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Item 1</title><meta name="robots" content="index, follow"><link rel="canonical" href="/catalog/item-1"></head><body><nav><ul>${filler}</ul></nav><main><h1>Item 1</h1></main></body></html>`;
const chunks = [page.slice(0, 8192), page.slice(8192, 16384), page.slice(16384)].map((c) => Buffer.from(c));
async function parseCpu(fields: boolean, n: number): Promise<number> {
  const c0 = process.cpuUsage();
  for (let k = 0; k < n; k++) await readPage(Readable.from(chunks), { contentType: "text/html; charset=utf-8", parseHead: true, sniff: false, documentUrl: "https://shop-bench.example/catalog/item-1", fields });
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000 / n;
}
await parseCpu(true, 300);
await parseCpu(false, 300);
const headOnlyMs = await parseCpu(false, 3000);
const withFieldsMs = await parseCpu(true, 3000);
await seeder.end();

const perChange = changeBytes / Math.max(1, changed.changes);
const perSnap = snapBytes / N;
// A year at 1,000,000 URLs audited daily: 2 % of the URLs change something on a given day, 1.5 fields each (text and word count together).
const YEAR_ROWS = 1_000_000 * 0.02 * 1.5 * 365;
const gb = (b: number) => (b / 1024 ** 3).toFixed(1);
const met = (ok: boolean) => (ok ? "met" : "**NOT met**");
const md = `## Site changes (bench/watch/site-changes.ts)

One project of ${N.toLocaleString("en-US")} tracked URLs in 10 sections; each cycle is ${N.toLocaleString("en-US")} audits' fields written through
\`recordFieldChanges\` (500 URLs a transaction, as \`applyAuditOutcomes\` writes a batch). The changed cycle: a deploy points the canonical of
/products/ (${(N * 0.2).toLocaleString("en-US")} URLs) at the home page and adds noindex to /blog/ (${(N * 0.03).toLocaleString("en-US")} URLs); every 10th page has a clock
in its title (digits only); every 50th page's text changed. Load average (1 min, ${os.cpus().length} cores shared): ${loadStart.toFixed(1)} at the start, ${loadEnd.toFixed(1)} at the end.

| step | time | rows written |
|---|---|---|
| first cycle (baseline snapshots) | ${(baseline.ms / 1000).toFixed(1)} s | ${N.toLocaleString("en-US")} snapshots, ${baseline.changes} changes |
| unchanged cycle | ${(unchanged.ms / 1000).toFixed(1)} s | ${unchanged.changes} changes (an unchanged audit writes nothing) |
| changed cycle | ${(changed.ms / 1000).toFixed(1)} s | ${changed.changes.toLocaleString("en-US")} field changes |
| **site-change detection over the cycle** | **${(detectMs / 1000).toFixed(2)} s** | ${report.opened.length} site changes opened |

- Detection under 10 s: ${met(detectMs < 10_000)} (${(detectMs / 1000).toFixed(2)} s). Opened: ${opened.map((c) => `${c.field} ${c.fromKind} → ${c.toKind} on ${c.urlCount.toLocaleString("en-US")} URLs (${c.sections.join(", ")})`).join("; ")}.
  The ${(N / 10).toLocaleString("en-US")} clock-only title changes and the text changes made none.
- Storage, measured (table and its indexes, after VACUUM): ${Math.round(perChange)} bytes per field change, ${Math.round(perSnap)} bytes per URL snapshot.
- A year at 1,000,000 URLs audited daily, 2 % of URLs changing 1.5 fields a day (${(YEAR_ROWS / 1e6).toFixed(1)} M changes): ${gb(YEAR_ROWS * perChange)} GiB of changes
  + ${gb(1_000_000 * perSnap)} GiB of snapshots. Bounded whatever the rate: at most 100 changes per URL (the oldest go as new ones come) and 400 days,
  so at most ${gb(100 * 1_000_000 * perChange)} GiB for 1,000,000 URLs that all change on every audit.
- Field extraction's CPU per page (the bench/audit page, 20 KB, parsed in process ${(3000).toLocaleString("en-US")} times): head only ${headOnlyMs.toFixed(3)} ms,
  with the fields ${withFieldsMs.toFixed(3)} ms (+${(withFieldsMs - headOnlyMs).toFixed(3)} ms a page). The audit's whole CPU per URL is in the "Audit engine"
  section (bench/audit, with and without the fields).

Run on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`;
if (!process.env.BENCH_URLS) writeResults("site-changes", md);
console.log(md);
await db.$disconnect();
process.exit(0);
