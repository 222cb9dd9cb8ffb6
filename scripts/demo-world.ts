// The demo's customer site and what both search engines know of it, as pure functions of time: one
// deterministic catalogue of a few thousand URLs (products, blog, guides, static pages, search pages behind
// robots.txt, old redirects) and, for each URL, what the site answers, what gsc's URL inspection and
// engine B's URL info say at a given moment. scripts/demo-fakes.ts serves it live (now); scripts/demo-seed.ts
// replays it at past moments through the real verbs (sitemap sync, audits, engine observations), so what the
// seeded history says and what "Inspect now" finds live agree.
import { demoContent } from "./demo-links";
import type { IndexStatusResult } from "../lib/engines/gsc";
import type { EngineBUrlInfo } from "../lib/engines/engine-b";
import { pacificDayKey } from "../lib/engines/pacific-time";
import { seededRandom } from "../tests/seeded-random";

export const DOMAIN = "acme-outdoor.e2e.test";
export const ORIGIN = `https://${DOMAIN}`;
/** Webhook receiver of the demo organization: the same test site (the test certificate covers one label below e2e.test). */
export const WEBHOOK_HOST = "acme-hooks.e2e.test";
export const WEBHOOK_URL = `https://${WEBHOOK_HOST}/indexwatch`;
export const DEMO_EMAIL = "demo@example.com";
/** gsc property and engine-B site the demo connects, and the fixed engine-B key the fake accepts. */
export const GSC_PROPERTY = `sc-domain:${DOMAIN}`;
export const ENGINE_B_SITE = `${ORIGIN}/`;
export const ENGINE_B_KEY = "demo0engine0b0key0000000000000000";
/** Fixed so that the fakes can publish them before the seed runs (both are proofs on a fake site only). */
export const DNS_TOKEN = "de70".repeat(16);
export const INDEXNOW_KEY = "acmeoutdoordemo0indexnowkey00001";

const DAY = 86_400_000;

export type Kind =
  | "healthy" // 200, indexable, self canonical
  | "variant" // 200, canonical to another page
  | "noindex" // 200 with <meta name="robots" content="noindex">
  | "not_found" // 404
  | "server_error" // 500
  | "waf" // a Cloudflare challenge for our crawler
  | "redirect" // one 301 to a product
  | "chain" // 301 → 301 → product
  | "robots"; // under a Disallow of robots.txt (not fetched)

/** What an engine makes of a healthy page over time. */
type EngineFate = "indexed" | "crawled_not_indexed" | "discovered_not_indexed";

export interface Entry {
  path: string;
  url: string;
  title: string;
  section: "pages" | "products" | "blog" | "guides";
  /** Days before T the URL entered the sitemap (90 or 30). */
  addedDaysAgo: number;
  /** Days before T the URL left the sitemap (stale since), else null. */
  removedDaysAgo: number | null;
  kindBefore: Kind;
  kindNow: Kind;
  /** Days before T the site started answering kindNow (null: always). */
  changedDaysAgo: number | null;
  /** Where a redirect (or canonical) points. */
  target: string | null;
  /** Engine A / engine B on a healthy page: indexed after `indexedAfterDays` from being added, or stuck. */
  fateA: EngineFate;
  fateB: EngineFate;
  indexedAfterDays: number;
  /** Indexed, then left out by engine A with no change on our side (days before T), else null. */
  droppedDaysAgo: number | null;
  lastmodDaysAgo: number | null;
}

// ─── The catalogue ─────────────────────────────────────────────────────────────────────────────────


const CATEGORIES = ["tent", "sleeping-bag", "backpack", "rain-jacket", "hiking-boot", "camp-stove", "headlamp", "trekking-pole", "water-filter", "hammock"];
const ADJECTIVES = ["alpine", "summit", "ridge", "canyon", "glacier", "trail", "basecamp", "nomad", "cascade", "tundra", "sierra", "boreal", "coastal", "granite", "meadow"];
const TOPICS = ["how-to-pitch-a-tent-in-wind", "layering-for-cold-weather", "choosing-a-sleeping-bag", "leave-no-trace-basics", "first-aid-kit-checklist", "water-treatment-compared",
  "winter-camping-tips", "ultralight-packing-list", "reading-topographic-maps", "boot-fitting-guide", "campfire-cooking", "hiking-with-kids", "bear-country-safety", "trail-running-shoes"];
const SEARCH_TERMS = ["tents", "boots", "stoves", "jackets", "sale", "gift", "kids", "ultralight", "waterproof", "winter"];

function slug(r: () => number, i: number, words: string[]) {
  return `${words[Math.floor(r() * words.length)]}-${i}`;
}

let cached: Entry[] | null = null;

/** Every URL the demo site ever listed in its sitemap (about 2,900), in a stable order. */
export function catalogue(): Entry[] {
  if (cached) return cached;
  const r = seededRandom(20_261_124);
  const out: Entry[] = [];
  const add = (e: Partial<Entry> & Pick<Entry, "path" | "title" | "section">) => {
    const fateRoll = r();
    out.push({
      url: `${ORIGIN}${e.path}`, addedDaysAgo: 90, removedDaysAgo: null, kindBefore: "healthy", kindNow: "healthy", changedDaysAgo: null, target: null,
      fateA: fateRoll < 0.06 ? "crawled_not_indexed" : fateRoll < 0.1 ? "discovered_not_indexed" : "indexed",
      fateB: r() < 0.12 ? "discovered_not_indexed" : "indexed",
      // The shop existed before it was added to IndexWatch: most of its pages were indexed already.
      indexedAfterDays: r() < 0.85 ? -365 : 5 + Math.floor(r() * 50), droppedDaysAgo: null, lastmodDaysAgo: null,
      ...e,
    });
  };

  for (const [p, t] of [["/", "Acme Outdoor: gear for every trail"], ["/about", "About Acme Outdoor"], ["/contact", "Contact us"], ["/shipping", "Shipping"],
    ["/returns", "Returns and exchanges"], ["/stores", "Our stores"], ["/press", "Press"]] as const) add({ path: p, title: t, section: "pages", fateA: "indexed", fateB: "indexed" });
  add({ path: "/careers", title: "Careers", section: "pages", kindBefore: "noindex", kindNow: "noindex" });

  // Products: 1,500 from the start, 250 added 30 days ago.
  for (let i = 1; i <= 1750; i++) {
    const cat = CATEGORIES[i % CATEGORIES.length];
    const name = `${ADJECTIVES[Math.floor(r() * ADJECTIVES.length)]}-${cat}-${i}`;
    const fresh = i > 1500;
    add({ path: `/products/${name}`, title: `${name.replace(/-\d+$/, "").replace(/-/g, " ")} #${i}`, section: "products", addedDaysAgo: fresh ? 30 : 90,
      ...(fresh ? { fateA: r() < 0.6 ? "indexed" : "discovered_not_indexed", indexedAfterDays: 3 + Math.floor(r() * 20) } : {}) });
  }
  // Colour variants: canonical to their product.
  for (let i = 1; i <= 80; i++) {
    const base = out[8 + i * 7];
    add({ path: `${base.path}/green`, title: `${base.title} (green)`, section: "products", kindBefore: "variant", kindNow: "variant", target: base.url });
  }
  // Blog: 600 from the start, 100 added 30 days ago; publication dates as lastmod.
  for (let i = 1; i <= 700; i++) {
    const fresh = i > 600;
    add({ path: `/blog/${slug(r, i, TOPICS)}`, title: `Journal #${i}`, section: "blog", addedDaysAgo: fresh ? 30 : 90,
      lastmodDaysAgo: fresh ? 30 - Math.floor(i % 30) : 90 + (i % 200), ...(fresh ? { fateA: r() < 0.6 ? "indexed" : "discovered_not_indexed", indexedAfterDays: 3 + Math.floor(r() * 20) } : {}) });
  }
  // Guides: 200 + 50.
  for (let i = 1; i <= 250; i++) add({ path: `/guides/${slug(r, i, TOPICS)}`, title: `Guide #${i}`, section: "guides", addedDaysAgo: i > 200 ? 30 : 90 });
  // Search pages listed in the sitemap by mistake, disallowed by robots.txt.
  for (let i = 1; i <= 30; i++) add({ path: `/search/${SEARCH_TERMS[i % SEARCH_TERMS.length]}-${i}`, title: `Search ${i}`, section: "pages", kindBefore: "robots", kindNow: "robots", fateA: "indexed", fateB: "discovered_not_indexed" });
  // Old sale URLs: one redirect to a product; promo URLs: a chain through a sale URL.
  const products = out.filter((e) => e.section === "products" && e.kindNow === "healthy" && e.addedDaysAgo === 90);
  for (let i = 1; i <= 60; i++) add({ path: `/sale/item-${i}`, title: `Sale ${i}`, section: "products", kindBefore: "redirect", kindNow: "redirect", target: products[i * 11].url });
  for (let i = 1; i <= 12; i++) add({ path: `/promo/spring-${i}`, title: `Promo ${i}`, section: "pages", kindBefore: "chain", kindNow: "chain", target: `${ORIGIN}/sale/item-${i}` });
  // Retired products: left the sitemap 30 days ago (stale), still answer.
  for (let i = 1; i <= 15; i++) add({ path: `/products/retired-${CATEGORIES[i % 10]}-${i}`, title: `Retired ${i}`, section: "products", removedDaysAgo: 30 });

  // Problems, chosen among products, blog and guides added at the start.
  const pick = (section: Entry["section"], n: number, skip: number) =>
    out.filter((e) => e.section === section && e.kindNow === "healthy" && e.addedDaysAgo === 90 && e.removedDaysAgo === null && !e.path.startsWith("/sale")).filter((_, k) => k % skip === 3).slice(0, n);
  for (const e of pick("products", 20, 53)) Object.assign(e, { kindBefore: "not_found", kindNow: "not_found" }); // discontinued, still listed
  for (const e of pick("products", 25, 41)) Object.assign(e, { kindNow: "not_found", changedDaysAgo: 3, fateA: "indexed", fateB: "indexed" }); // removed 3 days ago
  for (const e of pick("products", 6, 97)) Object.assign(e, { kindNow: "server_error", changedDaysAgo: 3 });
  for (const e of pick("blog", 10, 29)) Object.assign(e, { kindBefore: "noindex", kindNow: "noindex" }); // tag-like pages
  for (const e of pick("blog", 15, 23)) Object.assign(e, { kindNow: "noindex", changedDaysAgo: 3, fateA: "indexed", fateB: "indexed" }); // a template change
  for (const e of pick("guides", 8, 17)) Object.assign(e, { kindNow: "waf", changedDaysAgo: 3 });
  for (const e of pick("blog", 10, 19)) Object.assign(e, { droppedDaysAgo: 1, fateA: "indexed", indexedAfterDays: 5 }); // left out by engine A, nothing changed here
  cached = out;
  return out;
}

export function entryByPath(): Map<string, Entry> {
  return new Map(catalogue().map((e) => [e.path, e]));
}

// ─── The site ──────────────────────────────────────────────────────────────────────────────────────

export type SiteAnswer = { status: number; headers: Record<string, string>; body: string };

const html = { "content-type": "text/html; charset=utf-8" };
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The deploy of three hours ago ("v3.14.0", scripts/demo-site-changes.ts) gave the product template a canonical to
 * the home page: the site serves it so on these pages from then on (the first 40 long-standing healthy products by
 * URL), so the next audits see what the seeded site change says and it stays open.
 */
export const DEPLOY_HOURS_AGO = 3;
export const BROKEN_CANONICAL_SECTION = "products";
let broken: Set<string> | null = null;
export function brokenCanonicalPaths(): Set<string> {
  broken ??= new Set(catalogue()
    .filter((e) => e.section === BROKEN_CANONICAL_SECTION && e.addedDaysAgo === 90 && e.removedDaysAgo === null && e.changedDaysAgo === null
      && e.kindBefore === "healthy" && e.kindNow === "healthy")
    .map((e) => e.path).sort().slice(0, 40));
  return broken;
}

export function kindAt(e: Entry, daysAgo: number): Kind {
  return e.changedDaysAgo !== null && daysAgo <= e.changedDaysAgo ? e.kindNow : e.kindBefore;
}

/**
 * The kind an audit `daysAgo` days before T stores for the URL: a redirect (or chain) whose last page answers
 * 404 or 500 is that error (the audit follows redirects and keeps the final status), otherwise the URL's own kind.
 * The demo's daily snapshots count with it, so the charts' last day agrees with the live counters.
 */
export function auditedKindAt(e: Entry, daysAgo: number, byUrl: Map<string, Entry> = entryByUrl()): Kind {
  const own = kindAt(e, daysAgo);
  let at = e;
  for (let hops = 0; hops < 10 && (kindAt(at, daysAgo) === "redirect" || kindAt(at, daysAgo) === "chain"); hops++) {
    const next = at.target ? byUrl.get(at.target) : undefined;
    if (!next) return own;
    at = next;
  }
  const final = kindAt(at, daysAgo);
  return final === "not_found" || final === "server_error" ? final : own;
}

/**
 * Whether an audit raises an issue group for a URL of this kind: every kind but a healthy page and a plain one-hop
 * redirect (redirect chains, 4xx, 5xx, noindex, a canonical elsewhere, a WAF challenge and robots.txt each have a type).
 */
export const raisesAuditIssue = (kind: Kind | null): boolean => kind !== null && kind !== "healthy" && kind !== "redirect";

export function entryByUrl(): Map<string, Entry> {
  return new Map(catalogue().map((e) => [e.url, e]));
}

function page(e: Entry, extraHead = "", canonical = e.url): string {
  const c = demoContent(catalogue(), ORIGIN).get(e.path);
  const links = (c?.links ?? [{ href: "/", text: "Acme Outdoor" }]).map((l) => `<li><a href="${esc(l.href)}">${esc(l.text)}</a></li>`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(c?.title ?? e.title)} | Acme Outdoor</title>`
    + `<link rel="canonical" href="${esc(canonical)}">${extraHead}<meta name="viewport" content="width=device-width"></head>`
    + `<body><header><a href="/">Acme Outdoor</a></header><main><h1>${esc(c?.h1 ?? e.title)}</h1><p>${esc(c?.text ?? "Demo page of the IndexWatch demo site.")}</p>`
    + `<ul>${links}</ul></main></body></html>`;
}

// ─── Render fixtures (scripts/demo-rendering.ts renders them when a browser exists) ─────────────────
// Pages outside the catalogue (not in the sitemaps, tracked by hand), whose scripts change what a browser shows:
// a members-only deal whose script adds noindex, and a trail journal rendered in the browser from a JSON call.

export const RENDER_FIXTURES = {
  /** A script adds `noindex`: Google renders the page, reads it and drops the page. */
  injectedNoindex: "/deals/members-only",
  /** The raw HTML is an empty shell: the text exists only once a script has fetched and written it. */
  clientRendered: "/stories/trail-journal",
} as const;
const JOURNAL = Array.from({ length: 12 }, (_, i) => `Day ${i + 1}: we walked the ridge from camp to camp, filtered water at the lake, pitched the alpine tent before the wind rose and cooked on the camp stove under a sky full of stars.`);

function fixtureAnswer(path: string): SiteAnswer | null {
  const head = (title: string, extra = "") => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="canonical" href="${ORIGIN}${path}">${extra}<meta name="viewport" content="width=device-width"></head>`;
  if (path === RENDER_FIXTURES.injectedNoindex) {
    return {
      status: 200, headers: html,
      body: `${head("Members-only deals | Acme Outdoor")}<body><header><a href="/">Acme Outdoor</a></header><main><h1>Members-only deals</h1>`
        + `<p>${"Sign in to see this week's deals on tents, sleeping bags and stoves. ".repeat(6)}</p></main>`
        + `<script>var m = document.createElement("meta"); m.name = "robots"; m.content = "noindex"; document.head.appendChild(m);</script></body></html>`,
    };
  }
  if (path === RENDER_FIXTURES.clientRendered) {
    return {
      status: 200, headers: html,
      body: `${head("Acme Outdoor")}<body><header><a href="/">Acme Outdoor</a></header><div id="app">Loading…</div>`
        + `<script>fetch("/api/trail-journal.json").then(function (r) { return r.json(); }).then(function (d) {`
        + ` document.title = d.title + " | Acme Outdoor"; document.getElementById("app").innerHTML = "<main><h1>" + d.title + "</h1>" + d.days.map(function (t) { return "<p>" + t + "</p>"; }).join("") + "</main>"; });</script></body></html>`,
    };
  }
  if (path === "/api/trail-journal.json") {
    return { status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify({ title: "Trail journal: twelve days on the ridge", days: JOURNAL }) };
  }
  return null;
}
export const RENDER_FIXTURE_PATHS = [...Object.values(RENDER_FIXTURES), "/api/trail-journal.json"];

/** The answer to GET {path} on the demo site `daysAgo` days before T (0 = now). */
export function answer(path: string, daysAgo = 0, byPath = entryByPath()): SiteAnswer {
  if (path === "/robots.txt") return { status: 200, headers: { "content-type": "text/plain" }, body: robotsTxt() };
  if (path === "/llms.txt") return { status: 200, headers: { "content-type": "text/plain" }, body: `# Acme Outdoor\n> Outdoor gear shop (IndexWatch demo site).\n` };
  if (path === `/${INDEXNOW_KEY}.txt`) return { status: 200, headers: { "content-type": "text/plain" }, body: INDEXNOW_KEY };
  if (path === "/sitemap.xml" || path.startsWith("/sitemaps/")) {
    const xml = sitemap(path, daysAgo);
    return xml === null ? notFound() : { status: 200, headers: { "content-type": "application/xml" }, body: xml };
  }
  const fixture = fixtureAnswer(path);
  if (fixture) return fixture;
  const e = byPath.get(path);
  if (!e) return notFound();
  switch (kindAt(e, daysAgo)) {
    case "healthy":
    case "robots":
      if (daysAgo * 24 < DEPLOY_HOURS_AGO && brokenCanonicalPaths().has(e.path)) return { status: 200, headers: html, body: page(e, "", `${ORIGIN}/`) };
      return { status: 200, headers: html, body: page(e) };
    case "variant":
      return { status: 200, headers: html, body: page(e, "", e.target!) };
    case "noindex":
      return { status: 200, headers: html, body: page(e, `<meta name="robots" content="noindex, follow">`) };
    case "not_found":
      return notFound();
    case "server_error":
      return { status: 500, headers: html, body: "<!doctype html><title>Internal Server Error</title><h1>Something went wrong</h1>" };
    case "waf":
      return {
        status: 403,
        headers: { ...html, "cf-mitigated": "challenge", server: "cloudflare", "cf-ray": "8e2f1c0d9a7b4e21-FRA" },
        body: "<!doctype html><html><head><title>Just a moment...</title></head><body><div id=\"cf-chl-widget\">Checking your browser</div></body></html>",
      };
    case "redirect":
    case "chain":
      return { status: 301, headers: { location: e.target! }, body: "" };
  }
}

function notFound(): SiteAnswer {
  return { status: 404, headers: html, body: "<!doctype html><title>Not found</title><h1>Page not found</h1>" };
}

export function robotsTxt(): string {
  return `User-agent: *\nDisallow: /search/\nDisallow: /cart\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`;
}

const SITEMAP_FILES: Record<string, (e: Entry) => boolean> = {
  "/sitemaps/products.xml": (e) => e.section === "products",
  "/sitemaps/blog.xml": (e) => e.section === "blog",
  "/sitemaps/pages.xml": (e) => e.section === "pages" || e.section === "guides",
};

/** The sitemap index or one of its children as listed `daysAgo` days before T; null for an unknown file. */
export function sitemap(path: string, daysAgo = 0, now = Date.now()): string | null {
  const head = `<?xml version="1.0" encoding="UTF-8"?>`;
  if (path === "/sitemap.xml") {
    return `${head}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Object.keys(SITEMAP_FILES).map((p) => `<sitemap><loc>${ORIGIN}${p}</loc></sitemap>`).join("")}</sitemapindex>`;
  }
  const member = SITEMAP_FILES[path];
  if (!member) return null;
  const listed = catalogue().filter((e) => member(e) && e.addedDaysAgo >= daysAgo && (e.removedDaysAgo === null || e.removedDaysAgo < daysAgo));
  const day = (d: number) => new Date(Math.floor((now - d * DAY) / DAY) * DAY).toISOString().slice(0, 10);
  const urls = listed.map((e) => `<url><loc>${e.url}</loc>${e.lastmodDaysAgo !== null ? `<lastmod>${day(e.lastmodDaysAgo)}</lastmod>` : ""}</url>`);
  return `${head}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join("")}</urlset>`;
}

// ─── The engines ───────────────────────────────────────────────────────────────────────────────────

/** A moment `daysBack` days before `now`, at a fixed hour of that (UTC) day: the same answer all day long. */
function dayAt(now: number, daysBack: number, hour: number): Date {
  return new Date(Math.floor((now - daysBack * DAY) / DAY) * DAY + hour * 3_600_000);
}

/** Engines see a change of the site two days after it happened. */
const ENGINE_LAG_DAYS = 2;

function engineKind(e: Entry, daysAgo: number): Kind {
  return kindAt(e, daysAgo + ENGINE_LAG_DAYS);
}

function fateAt(e: Entry, fate: EngineFate, daysAgo: number): EngineFate {
  if (fate !== "indexed") return fate;
  return e.addedDaysAgo - daysAgo >= e.indexedAfterDays ? "indexed" : "discovered_not_indexed";
}

/** gsc's indexStatusResult for the URL `daysAgo` days before T (null: the URL is unknown to it). */
export function gscResult(e: Entry, daysAgo = 0, now = Date.now()): IndexStatusResult | null {
  if (daysAgo >= e.addedDaysAgo) return null;
  const crawled = dayAt(now, daysAgo + 1 + (e.path.length % 5), e.path.length % 24).toISOString();
  const base = { robotsTxtState: "ALLOWED", indexingState: "INDEXING_ALLOWED", pageFetchState: "SUCCESSFUL", lastCrawlTime: crawled, crawledAs: "MOBILE" };
  switch (engineKind(e, daysAgo)) {
    case "not_found":
      return { ...base, verdict: "FAIL", coverageState: "Not found (404)", pageFetchState: "NOT_FOUND" };
    case "server_error":
      return { ...base, verdict: "FAIL", coverageState: "Server error (5xx)", pageFetchState: "SERVER_ERROR" };
    case "noindex":
      return { ...base, verdict: "NEUTRAL", coverageState: "Excluded by 'noindex' tag", indexingState: "BLOCKED_BY_META_TAG" };
    case "variant":
      return { ...base, verdict: "NEUTRAL", coverageState: "Alternate page with proper canonical tag", googleCanonical: e.target!, userCanonical: e.target! };
    case "redirect":
    case "chain":
      return { ...base, verdict: "NEUTRAL", coverageState: "Page with redirect" };
    case "robots":
      return { verdict: "NEUTRAL", coverageState: "Blocked by robots.txt", robotsTxtState: "DISALLOWED", indexingState: "INDEXING_STATE_UNSPECIFIED", pageFetchState: "BLOCKED_ROBOTS_TXT" };
    default: {
      if (e.droppedDaysAgo !== null && daysAgo <= e.droppedDaysAgo) return { ...base, verdict: "NEUTRAL", coverageState: "Crawled - currently not indexed" };
      const fate = fateAt(e, e.fateA, daysAgo);
      if (fate === "indexed") return { ...base, verdict: "PASS", coverageState: "Submitted and indexed", googleCanonical: e.url, userCanonical: e.url };
      if (fate === "crawled_not_indexed") return { ...base, verdict: "NEUTRAL", coverageState: "Crawled - currently not indexed" };
      return { verdict: "NEUTRAL", coverageState: "Discovered - currently not indexed", robotsTxtState: "ALLOWED", indexingState: "INDEXING_STATE_UNSPECIFIED", pageFetchState: "PAGE_FETCH_STATE_UNSPECIFIED" };
    }
  }
}

/** Engine B's URL info `daysAgo` days before T (null: it answers {"d": null}). */
export function engineBInfo(e: Entry, daysAgo = 0, now = Date.now()): EngineBUrlInfo | null {
  if (daysAgo >= e.addedDaysAgo) return null;
  const discovered = dayAt(now, e.addedDaysAgo - 1, e.path.length % 24);
  const crawled = dayAt(now, daysAgo + 2 + (e.path.length % 4), (e.path.length * 7) % 24);
  const info = (httpStatus: number, documentSize: number, lastCrawled: Date | null): EngineBUrlInfo => ({
    url: e.url, httpStatus, discoveryDate: discovered, lastCrawledDate: lastCrawled, documentSize, anchorCount: 3 + (e.path.length % 9), isPage: true, totalChildUrlCount: 0,
  });
  switch (engineKind(e, daysAgo)) {
    case "not_found":
      return info(404, 0, crawled);
    case "server_error":
      return info(500, 0, crawled);
    case "noindex":
    case "variant":
    case "redirect":
    case "chain":
    case "robots":
      return info(0, 0, null);
    default:
      return fateAt(e, e.fateB, daysAgo) === "indexed" ? info(200, 18_000 + (e.path.length * 397) % 40_000, crawled) : info(0, 0, null);
  }
}

// ─── Search Analytics ──────────────────────────────────────────────────────────────────────────────

/** Days of Search Analytics the fake console holds: the URL list's 28 days and a few more. */
export const SEARCH_DAYS = 31;

export type SearchRow = { page: string; date: string; clicks: number; impressions: number; position: number };

/**
 * gsc's performance rows (page × day) for the last SEARCH_DAYS days before T: a page has impressions only on days
 * Google had it indexed (so the evidence they give never contradicts an inspection), most days for the main pages,
 * fewer for blog posts and products; a click for about one impression in twenty.
 */
export function searchAnalyticsRows(entries: Entry[] = catalogue(), now = Date.now()): SearchRow[] {
  const r = seededRandom(4242);
  const chance = { pages: 0.9, guides: 0.5, blog: 0.35, products: 0.18 } as const;
  const rows: SearchRow[] = [];
  for (const e of entries) {
    const reach = e.section === "pages" ? 60 : e.section === "guides" ? 25 : 8;
    const rank = 2 + (e.path.length % 18);
    let previous = "";
    for (let d = 1; d <= SEARCH_DAYS; d++) {
      // Days are Pacific days: around a change of daylight saving time two steps of 24 hours can land on one day.
      const date = pacificDayKey(new Date(now - d * DAY));
      if (date === previous) continue;
      previous = date;
      if (r() >= chance[e.section]) continue;
      if (gscResult(e, d, now)?.verdict !== "PASS") continue;
      const impressions = 1 + Math.floor(r() * reach);
      const clicks = Math.min(impressions, Math.floor(impressions * (0.01 + r() * 0.08) + r()));
      rows.push({ page: e.url, date, clicks, impressions, position: Math.round((rank + r() * 4) * 10) / 10 });
    }
  }
  return rows;
}
