// Client of the control endpoint of scripts/e2e-fakes.ts (API: e2e/README.md): scripts the DNS server,
// the customer site and the IndexNow endpoint that the app under test reaches through DNS_SERVERS,
// CONNECT_TO and INDEXNOW_ENDPOINT.
const CONTROL_URL = process.env.E2E_CONTROL_URL ?? `http://127.0.0.1:${3199 + Number(process.env.E2E_PORT_OFFSET ?? 0)}`;

async function control<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${CONTROL_URL}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(`e2e control ${method} ${path}: ${json.error ?? res.status}`);
  return json;
}

/** A fresh domain under e2e.test, which the test site's certificate covers. */
export const uniqueDomain = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.e2e.test`;

/** Answer TXT queries for `name` with these records (replaces any earlier script for the name). */
export const setTxt = (name: string, values: string[]) => control("POST", "/dns/txt", { name, values });

/** Forget the script for `name`: it answers NXDOMAIN again. */
export const clearDns = (name: string) => control("DELETE", `/dns?name=${encodeURIComponent(name)}`);

/** Queries the DNS server has seen for `name` (and type). */
export const dnsQueries = (name: string, type?: string) =>
  control<Array<{ name: string; type: string; transport: string; count: number }>>("GET", `/dns/queries?name=${encodeURIComponent(name)}${type ? `&type=${type}` : ""}`);

/** Serve `https://{host}{path}` (and http) with this response. */
export const siteRoute = (host: string, path: string, spec: { status?: number; body?: string; headers?: Record<string, string>; delayMs?: number; redirect?: string }) =>
  control("POST", "/site/route", { host, path, ...spec });

/** A sitemap of `count` URLs (https://{host}/page-1 …) at /sitemap.xml, a robots.txt naming it and optionally llms.txt. */
export const serveSitemap = (host: string, count: number, opts: { path?: string; robots?: boolean; llms?: boolean } = {}) =>
  control<{ host: string; sitemapUrl: string; count: number }>("POST", "/site/sitemap", { host, count, ...opts });

/** Drop every route of `host`: it answers 404 everywhere. */
export const clearSite = (host: string) => control("DELETE", `/site?host=${encodeURIComponent(host)}`);

/** Requests the test site has received for `host`. */
export const siteRequests = (host: string) => control<Array<{ method: string; path: string; host: string; secure: boolean }>>("GET", `/site/requests?host=${encodeURIComponent(host)}`);

export type IndexNowReply = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };
export type IndexNowRequest = { method: string; host: string | null; key: string | null; keyLocation: string | null; urlList: string[]; answeredWith: number };

/**
 * The fake IndexNow endpoint answers the next batches for `host` with these, in order, then as before.
 * Scoped to one host, so journeys running side by side never take each other's answers.
 */
export const indexNowReply = (host: string, ...replies: IndexNowReply[]) => control<{ queued: number[] }>("POST", "/indexnow/reply", { host, replies });

/** The answer of the fake IndexNow endpoint to every later request without a queued one (200 at start). */
export const indexNowDefault = (reply: IndexNowReply) => control("POST", "/indexnow/default", reply);

/** Forget every request, queued answer and default of the fake IndexNow endpoint (it answers 200 again). */
export const indexNowReset = () => control("DELETE", "/indexnow");

/** Batches the fake IndexNow endpoint has received for `host`, oldest first, with the status it answered. */
export const indexNowRequests = (host: string) => control<IndexNowRequest[]>("GET", `/indexnow/requests?host=${encodeURIComponent(host)}`);

export type GscSite = { siteUrl: string; permissionLevel: "siteOwner" | "siteFullUser" | "siteRestrictedUser" | "siteUnverifiedUser" };

/** The properties the fake gsc lists for the account of its consent page (owner@example.test unless `email`); replaces earlier ones. */
export const gscSites = (sites: GscSite[], email?: string) => control("POST", "/gsc/sites", { sites, ...(email ? { email } : {}) });

/** Calls the fake gsc has received (route: authorize, token, sites, inspect), with the status it answered. */
export const gscRequests = () => control<Array<{ route: string; method: string; status: number }>>("GET", "/gsc/requests");

export type GscSearchAnalyticsRow = { page: string; date: string; clicks: number; impressions: number; position?: number };

/** The Search Analytics rows (page, Pacific date) the fake gsc answers for this property; replaces earlier ones. */
export const gscSearchAnalytics = (siteUrl: string, rows: GscSearchAnalyticsRow[]) => control("POST", "/gsc/search-analytics", { siteUrl, rows });

/**
 * The settings the app under test runs with (the fakes' READY line: GSC_*, ENCRYPTION_KEY, …), for a journey that
 * runs an operator CLI command against the same fakes and sealed secrets (with the app's DATABASE_URL).
 */
export const appEnv = () => control<Record<string, string>>("GET", "/app-env");

/** An API key the fake Bing Webmaster Tools accepts, with its sites; any other key is refused with 401. */
export const engineBKey = (apiKey: string, sites: { Url: string; IsVerified: boolean }[]) => control("POST", "/engine-b/key", { apiKey, sites });

/** What Bing Webmaster Tools' GetUrlInfo answers for `url` (dates as ISO strings). */
export const engineBUrlInfo = (url: string, info: Record<string, string | number>) => control("POST", "/engine-b/url-info", { url, info });

/** The next sign-in at the fake identity provider logs in as this person; answers the provider's issuer and client. */
export const oidcNext = (email: string, emailVerified = true) =>
  control<{ issuer: string; clientId: string; clientSecret: string }>("POST", "/oidc/next", { email, email_verified: emailVerified });
