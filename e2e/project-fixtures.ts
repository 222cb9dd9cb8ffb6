// Data for the project-page journeys (URLs, imports, issues, sitemaps, submissions): projects, IndexNow
// keys and URLs through the API as the signed-in user, sitemaps and key files on the fake customer site,
// and direct database steps the product has no API for (moving the 15-minute sync limit, audit results).
import { expect, type Page } from "@playwright/test";
import pg from "pg";
import { siteRoute } from "./fakes";

export type E2eProject = { id: string; domain: string; organizationId: string };

export async function organizationId(page: Page): Promise<string> {
  const res = await page.request.get("/api/user/organizations");
  expect(res.status()).toBe(200);
  return (await res.json()).data[0].id;
}

export async function createProject(page: Page, domain: string, name?: string): Promise<E2eProject> {
  const orgId = await organizationId(page);
  const res = await page.request.post(`/api/user/organizations/${orgId}/projects`, { data: { domain, ...(name ? { name } : {}) } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()).data as { id: string };
  return { id, domain, organizationId: orgId };
}

export const projectApi = (p: E2eProject, rest = "") => `/api/user/organizations/${p.organizationId}/projects/${p.id}${rest}`;

/** A generated IndexNow key, its key file published on the test site, then verified: the project submits. */
export async function verifyIndexNowKey(page: Page, p: E2eProject): Promise<string> {
  const set = await page.request.post(projectApi(p, "/indexnow-key"), { data: {} });
  expect(set.status()).toBe(200);
  const key = (await set.json()).data.indexNowKey as string;
  await siteRoute(p.domain, `/${key}.txt`, { body: key, headers: { "content-type": "text/plain" } });
  const verify = await page.request.post(projectApi(p, "/verify-key"));
  expect((await verify.json()).data).toMatchObject({ verified: true });
  return key;
}

/** POST …/urls: admits these paths of the project's domain by hand (which requests an IndexNow submission). */
export async function admitUrls(page: Page, p: E2eProject, paths: string[]) {
  const res = await page.request.post(projectApi(p, "/urls"), { data: { urls: paths.map((path) => `https://${p.domain}${path}`) } });
  expect(res.status()).toBe(200);
  expect((await res.json()).data.inserted).toBe(paths.length);
}

/** POST …/sync as the signed-in user; answers the envelope. */
export async function syncByApi(page: Page, p: E2eProject) {
  const res = await page.request.post(projectApi(p, "/sync"));
  return { status: res.status(), body: await res.json() };
}

const XML = { "content-type": "application/xml" };

export const urlsetXml = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((u) => `<url><loc>${u}</loc></url>`).join("")}</urlset>`;

export const indexXml = (sitemaps: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${sitemaps.map((s) => `<sitemap><loc>${s}</loc></sitemap>`).join("")}</sitemapindex>`;

/** robots.txt naming /sitemap.xml, which is an index of the given children (path → page paths, or a status). */
export async function serveSitemapIndex(domain: string, children: Record<string, string[] | number>) {
  const base = `https://${domain}`;
  await siteRoute(domain, "/robots.txt", { body: `User-agent: *\nAllow: /\nSitemap: ${base}/sitemap.xml\n`, headers: { "content-type": "text/plain" } });
  await siteRoute(domain, "/sitemap.xml", { body: indexXml(Object.keys(children).map((p) => base + p)), headers: XML });
  for (const [path, pages] of Object.entries(children)) {
    if (typeof pages === "number") await siteRoute(domain, path, { status: pages, body: "unavailable" });
    else await siteRoute(domain, path, { body: urlsetXml(pages.map((p) => (p.startsWith("http") ? p : base + p))), headers: XML });
  }
}

// The database of the app under test: DATABASE_URL when the suite runs against one, else the embedded
// database that `next start` serves on 54329 + E2E_PORT_OFFSET (playwright.config.ts).
const databaseUrl = () =>
  process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL
  ?? `postgresql://postgres:postgres@127.0.0.1:${process.env.EMBEDDED_DB_PORT ?? 54329 + Number(process.env.E2E_PORT_OFFSET ?? 0)}/postgres?sslmode=disable`;

async function withDb<T>(fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Moves the last sync start 16 minutes back, as if the 15-minute limit had passed. */
export const letSyncLimitPass = (p: E2eProject) =>
  withDb((db) => db.query("UPDATE projects SET last_sitemap_sync_at = last_sitemap_sync_at - interval '16 minutes' WHERE id = $1", [p.id]));

/**
 * Audit and engine results for the URLs of serveSitemap (…/page-N), as the audit and inspection jobs
 * would record them (they reach real engines, which the e2e site cannot stand in for):
 * page-1…9 healthy, indexable, indexed by both; page-10…19 404, indexable, not indexed by either
 * (disagreement indexable_not_in_engine); page-20…29 redirected, canonicalized, indexed by Google
 * (disagreement nonindexable_but_indexed).
 */
export const recordAuditResults = (p: E2eProject) =>
  withDb(async (db) => {
    const set = (pattern: string, sql: string) => db.query(`UPDATE tracked_urls SET ${sql}, last_health_check_at = now(), last_audit_at = now() WHERE project_id = $1 AND url ~ $2`, [p.id, pattern]);
    await set("/page-[1-9]$", `health_state = 'healthy', http_status = 200, indexability = 'indexable', engine_a_state = 'indexed', engine_b_state = 'indexed', indexed_at = now()`);
    await set("/page-1[0-9]$", `health_state = 'client_error', http_status = 404, indexability = 'indexable', engine_a_state = 'crawled_not_indexed', engine_b_state = 'not_indexed'`);
    await set("/page-2[0-9]$", `health_state = 'redirected', http_status = 301, redirect_target = url || '/', redirect_hops = 1, indexability = 'canonicalized', canonical_url = url || '/', engine_a_state = 'indexed'`);
  });

/**
 * Sets the organization's credit balance (the operator CLI only grants; the journeys also need an empty
 * balance). The ledger is left as it is: nothing in these journeys reads it back.
 */
export const setCreditBalance = (organizationId: string, balance: number) =>
  withDb((db) => db.query("UPDATE organizations SET credit_balance = $2 WHERE id = $1", [organizationId, balance]));

/**
 * Daily snapshots for the last `days` UTC dates before today (none for the dates in `missing`), as the daily
 * snapshot job leaves them, and first-indexed times for the project's URLs (Google 6 hours after first seen,
 * Bing two days after, for page-1…9).
 */
export const recordHistory = (p: E2eProject, days: number, missing: number[] = []) =>
  withDb(async (db) => {
    await db.query(
      `INSERT INTO website_snapshots (id, organization_id, project_id, date, total_urls, healthy_urls, broken_urls, redirected_urls,
         indexed_urls, not_indexed_urls, stale_urls, open_issues, urls_with_issues, created_at)
       SELECT gen_random_uuid(), $1, $2, current_date - d, 30, 20, greatest(0, 10 - d / 10), 0, least(30, 5 + (days - d) / 4), greatest(0, 25 - (days - d) / 4), 0, 2, 10, now()
       FROM generate_series(1, $3::int) d, (SELECT $3::int AS days) x WHERE NOT (d = ANY($4::int[]))
       ON CONFLICT DO NOTHING`,
      [p.organizationId, p.id, days, missing],
    );
    await db.query(
      `UPDATE tracked_urls SET engine_a_indexed_at = discovered_at + interval '6 hours', engine_b_indexed_at = discovered_at + interval '2 days',
         indexed_at = discovered_at + interval '6 hours' WHERE project_id = $1 AND url ~ '/page-[1-9]$'`, [p.id]);
  });

/** In-app notifications for the user with this email, as the notification jobs write them (newest last). */
export const addNotifications = (email: string, titles: string[]) =>
  withDb(async (db) => {
    for (const [i, title] of titles.entries()) {
      await db.query(
        `INSERT INTO notifications (id, user_id, type, category, title, body, data, created_at)
         SELECT gen_random_uuid(), id, 'issue.opened', 'monitoring', $2, 'URLs are affected.', NULL, now() - ($3::int * interval '1 minute') FROM users WHERE email = $1`,
        [email, title, titles.length - i],
      );
    }
  });

/**
 * Search Analytics figures for the project's URLs whose path ends in a number (…/post-12): clicks = that number,
 * impressions = 10 × it, as the daily pull would leave them; other URLs keep none.
 */
export const recordSearchFigures = (p: E2eProject) =>
  withDb((db) => db.query(
    `UPDATE tracked_urls SET clicks_28d = substring(url from '(\\d+)$')::int, impressions_28d = 10 * substring(url from '(\\d+)$')::int,
       ctr_28d = 0.1, position_28d = 4.5, last_impression_at = now() - interval '2 days'
     WHERE project_id = $1 AND url ~ '/post-\\d+$'`, [p.id]));
