import type { IssueType } from "@/lib/db";

export interface IssueGuidance {
  /** What it costs the site in search, in one short paragraph. */
  whyItMatters: string;
  /** What to change and how to confirm it, in one short paragraph. */
  howToFix: string;
}

/**
 * "Why it matters / how to fix" for every issue type, shown on the issue detail page. Written for a site
 * owner or SEO: concrete actions first, with the cases where the state is deliberate and can be ignored.
 */
export const ISSUE_GUIDANCE: Record<IssueType, IssueGuidance> = {
  broken_link: {
    whyItMatters:
      "A 404 or 410 tells search engines the page is gone: they drop it from the index and stop passing the value of links that point to it. Listing such URLs in a sitemap wastes crawl budget and signals a poorly maintained site.",
    howToFix:
      "If the page moved, answer 301 to its closest replacement (not the home page, which engines treat as a soft 404). If it was removed on purpose, answer 410 and take it out of the sitemap and internal links. A 401/403 on a public page is usually an authentication or firewall rule that matches too widely. Then check the URLs again here.",
  },
  server_error: {
    whyItMatters:
      "Crawlers slow down on a host that answers 5xx and, if errors persist for days, drop the pages from the index. Visitors get an error page too.",
    howToFix:
      "Find the failing requests in your server or CDN logs at the time of the last check (the history on each URL shows it). Common causes: an application exception on that template, an upstream timeout behind the load balancer, or resource limits. For planned maintenance answer 503 with a Retry-After header, which engines tolerate for a short time.",
  },
  redirect_chain: {
    whyItMatters:
      "Each extra hop costs a request and latency; crawlers follow only a handful of hops (Googlebot stops after 10) and a long chain delays the switch of signals to the final URL.",
    howToFix:
      "Point every redirect straight at the final URL in one 301 (or 308) hop: update the rules that redirect http → https, non-www → www and trailing slashes so they combine into one. Update internal links and the sitemap to the final URL, so most visits need no redirect at all.",
  },
  redirect_loop: {
    whyItMatters: "The page never resolves: browsers show an error and search engines cannot crawl or index it.",
    howToFix:
      "Follow the hops shown on the URL (each URL and status, in order) to find the two rules that send back and forth. Typical causes: an https redirect at the CDN and an http redirect at the origin, or conflicting trailing-slash rules between the application and the web server. Fix the rule, then check the URL again.",
  },
  waf_challenge_detected: {
    whyItMatters:
      "A firewall or bot-management product answered with a challenge page instead of the content. If search engine crawlers get the same challenge, they index the challenge page or nothing at all.",
    howToFix:
      "Allow verified crawlers rather than user-agent strings (which anyone can fake): most WAFs have a \"verified bots\" setting (Cloudflare, Akamai, Imperva). Otherwise, verify by reverse DNS: the IP must resolve to googlebot.com, google.com or search.msn.com, and that name must resolve forward to the same IP; the engines also publish their crawler IP ranges. Add IndexWatchBot to the allow-list so audits see what crawlers see.",
  },
  crawl_blocked: {
    whyItMatters:
      "The host refuses connections or answers every crawler request with an error (or robots.txt answers 5xx, which engines treat as \"disallow everything\"), so nothing can be checked or indexed.",
    howToFix:
      "Check that robots.txt answers 200 (or 404 if you have none) and that the firewall, rate limiting or geo-blocking does not block crawler IP ranges. If the site is behind a login or staging protection on purpose, pause the project.",
  },
  sitemap_unreachable: {
    whyItMatters:
      "IndexWatch and the search engines can no longer read the sitemap, so new pages are discovered only through links and lastmod changes go unnoticed.",
    howToFix:
      "Open the sitemap URL shown on the Sitemaps tab: it must answer 200 with XML, without a login, a redirect to HTML or a bot challenge. Large sitemaps must stay under 50 MB and 50,000 URLs each; split them with a sitemap index. Then run a sync.",
  },
  sitemap_parse_error: {
    whyItMatters: "The part of the sitemap that cannot be parsed is ignored, so its URLs are not discovered or refreshed.",
    howToFix:
      "Validate the file against the sitemaps.org schema: well-formed XML, UTF-8, escaped & < > in URLs, the urlset or sitemapindex namespace, and absolute <loc> URLs on the same host. A gzipped sitemap must be served as gzip, not double-compressed. Then run a sync.",
  },
  stale_missing_from_sitemap: {
    whyItMatters:
      "A URL that disappears from the sitemap was either removed on purpose or dropped by a CMS or plugin change. In the second case engines see the page as less important and may recrawl it less often.",
    howToFix:
      "If the page is gone, make it answer 404/410 or redirect it; resolving this issue is then enough. If it should be there, restore it in the sitemap generator (check filters on post type, language or noindex) and run a sync: it comes back into the sitemap and the issue clears.",
  },
  sitemap_missing: {
    whyItMatters:
      "Without a sitemap, engines discover pages only through links, which is slow for new or deep pages, and IndexWatch cannot keep the inventory up to date by itself.",
    howToFix:
      "Publish a sitemap (most CMSs have a setting or a plugin) at /sitemap.xml, name it in robots.txt with a \"Sitemap:\" line, and submit it in Google Search Console and Bing Webmaster Tools. Until then you can add URLs by hand or import a list.",
  },
  blocked_by_robots: {
    whyItMatters:
      "A Disallow rule stops crawlers from fetching the page, so its content cannot be indexed; if it is linked it may still appear as a bare URL without a description. A URL listed in the sitemap and disallowed sends contradictory signals.",
    howToFix:
      "The URL detail shows the robots.txt line that blocks it. Narrow or remove that rule (an Allow with a longer path wins over a shorter Disallow), test the change on the robots.txt tester page with a pasted draft before publishing it, or remove the URL from the sitemap if it should stay blocked. To keep a page out of the index, use noindex instead, and do not block it: crawlers must fetch the page to see noindex.",
  },
  has_noindex: {
    whyItMatters:
      "A noindex in the meta robots tag or the X-Robots-Tag header removes the page from search results. It is right for thank-you pages, internal search or filters, and a costly mistake on real content, often left over from a staging site.",
    howToFix:
      "If the page should rank, remove noindex from the template (the URL detail says whether it came from the meta tag or the X-Robots-Tag header, which is set in the server or CDN configuration), then check the URL again. If it is deliberate, take the URL out of the sitemap and ignore this issue.",
  },
  canonical_mismatch: {
    whyItMatters:
      "The page declares another URL as its canonical, so engines index that one instead and consolidate signals there. Right for duplicates (parameters, print versions, syndicated copies); wrong when the canonical is a template default, the home page or an http/staging URL.",
    howToFix:
      "Make each indexable page's rel=canonical an absolute, self-referencing URL: same protocol, host, path and trailing slash as the URL that answers 200, and not a redirect. If the page really is a duplicate, keep the canonical, list only the canonical URL in the sitemap and link to it internally; then ignore this issue. Check the HTTP Link header too: it may disagree with the HTML tag.",
  },
  discovered_not_indexed: {
    whyItMatters:
      "Google knows the URL but has not crawled it yet. This is the normal queue state of a new page and usually clears within days; if it lasts weeks, Google does not consider the page worth crawling.",
    howToFix:
      "Give it time first. If it persists: link to the page from relevant, well-linked pages, keep it in the sitemap with an accurate lastmod, submit it through IndexNow, and check that the server is fast enough that Google does not throttle its crawling of the site.",
  },
  crawled_not_indexed: {
    whyItMatters:
      "Google fetched the page and chose not to index it, usually because it sees it as thin, duplicate or low value compared with other pages of the site or the web.",
    howToFix:
      "Improve what makes the page unique (content, not just a template with a few fields), merge near-duplicates and canonicalize the rest, and link to it internally. Pages that are fine but not important can stay this way. After a substantial change, submit the URL again.",
  },
  dropped_from_index: {
    whyItMatters: "The page was indexed and no longer is: it lost its search traffic.",
    howToFix:
      "First rule out a technical cause on the URL detail: a new noindex, a canonical to another URL, a robots.txt rule, a 4xx/5xx or a bot challenge. If the page is technically fine, Google or Bing reassessed it: compare it with the pages that replaced it, improve it, then request indexing again and watch the history.",
  },
  indexnow_key_invalid: {
    whyItMatters: "The IndexNow endpoint rejects every submission for the project, so engines are no longer notified of new and changed URLs.",
    howToFix:
      "The key file must stay published at the site root (https://your-domain/<key>.txt) with the key as its only content, answering 200 without a redirect to another host. Restore it, or generate a new key in the project setup and publish that file, then verify the key again.",
  },
  gsc_auth_revoked: {
    whyItMatters: "IndexWatch can no longer read Google's index data for the project: Search Console inspections and Google index states stop updating.",
    howToFix:
      "Reconnect Google Search Console on the project's Connections page. The connection stops when the user who granted it loses access to the property, removes the app's access, or changes the account password; connect with an account that is an owner of the property.",
  },
  crawler_blocked: {
    whyItMatters:
      "Your server logs show verified Googlebot fetches answered 403 or 5xx for pages that answer 200 to our audit. Google cannot index a page it cannot fetch, and repeated errors slow its crawling of the whole site.",
    howToFix:
      "Look for a firewall, bot-management or rate-limiting rule that treats Googlebot differently (by user agent, IP range or request rate), or cloaking by user agent. Allow verified crawlers rather than user-agent strings, then watch the crawl activity page: the issue resolves when Googlebot gets 2xx again.",
  },
  robots_txt_blocks_important: {
    whyItMatters:
      "The current robots.txt forbids Google or Bing to fetch pages the one before allowed, among them high-priority pages or pages with search impressions. Blocked pages stop being recrawled and fall out of the results, usually within days.",
    howToFix:
      "Open the project's Changes, robots.txt: the diff shows which lines changed and the impact table which URLs each crawler lost. Restore the previous rules (or allow the listed paths again) and deploy; the issue resolves by itself once robots.txt no longer blocks those pages.",
  },
  robots_txt_unreachable: {
    whyItMatters:
      "robots.txt answered a server error or nothing at all on several fetches in a row. Google treats an unreachable robots.txt as a full block and stops crawling the site until it answers again.",
    howToFix:
      "Make /robots.txt answer 200 (or 404 when you have none) from every server and CDN edge; check firewall and rate limits for crawler traffic. The issue resolves on the next successful fetch.",
  },
  certificate_expiring: {
    whyItMatters: "When the HTTPS certificate expires, browsers and crawlers refuse every page of the site: traffic and indexing stop at once.",
    howToFix:
      "Renew the certificate (or fix the automatic renewal, e.g. the ACME client or the CDN's managed certificate) and deploy it on every server that answers for the domain. The issue resolves when the watch reads a certificate valid for more than 14 days.",
  },
  removal_stuck: {
    whyItMatters:
      "Pages you declared removed are still indexed by Google or Bing after the time you allowed: searchers can still land on them, and an outdated or leaked page stays visible.",
    howToFix:
      "Open the Removals page: it shows what our audit sees for each stuck URL. Make the site say it clearly (404 or 410, a permanent redirect to a live page, or a noindex served to both crawlers; a robots.txt block alone hides the noindex), submit the removal sitemap in Google Search Console and Bing Webmaster Tools, and for urgent cases use Search Console's Removals tool with the CSV. The issue resolves when both engines have dropped the URLs.",
  },
  rendered_noindex: {
    whyItMatters:
      "The HTML your server sends allows indexing, but a script adds a noindex robots meta tag. Google renders pages before indexing them, reads the noindex and drops the page from its index, while a look at the page source shows nothing wrong.",
    howToFix:
      "Find the script that writes the robots meta tag (a tag manager rule, an SEO plugin, a single-page app's head manager) and stop it adding noindex on pages meant for search. The Raw vs rendered panel of each URL shows both values; render it again to confirm.",
  },
  rendered_canonical_mismatch: {
    whyItMatters:
      "The raw HTML and the rendered page name different canonical URLs (or only one of them names one). Google reads both and, faced with conflicting signals, may index another URL than the one you want or ignore your canonical altogether.",
    howToFix:
      "Serve the intended canonical in the raw HTML and keep scripts from changing it: a single-page app's router or head manager often rewrites it on load. Compare both values in the URL's Raw vs rendered panel, then render the page again.",
  },
  js_only_content: {
    whyItMatters:
      "The raw HTML holds under a fifth of the text a browser shows. AI crawlers (GPTBot, ClaudeBot, PerplexityBot) do not run JavaScript and read almost nothing; Google indexes the text only after rendering, which can lag behind its first crawl.",
    howToFix:
      "Render the main content on the server (server-side rendering, static generation or pre-rendering) so that the HTML holds the text, and keep client-side scripts for interaction. The text bars of the Raw vs rendered panel show the share the raw HTML holds.",
  },
  render_blocked_resources: {
    whyItMatters:
      "robots.txt forbids Googlebot to fetch scripts, styles or data the page loads. Google then renders the page without them and may see an empty or broken layout, miss content, or judge the page not mobile-friendly.",
    howToFix:
      "Allow Googlebot to fetch the listed resources: remove or narrow the Disallow rules that match your script, style and API paths (the robots.txt tester names the rule). Then render the page again: the list of blocked resources should be empty.",
  },
  duplicate_content: {
    whyItMatters:
      "Pages with the same main text compete with each other: Google and Bing index one of them (not always the one you want) and leave the copies out, and links to the copies are split between them.",
    howToFix:
      "Open the Why not indexed page's Duplicates: each group names the page kept and its copies. Merge the copies into the kept page and redirect them, or point their canonical at it, and link only the kept page. The issue resolves at the next diagnosis once the copies differ or are gone.",
  },
  soft_404_suspect: {
    whyItMatters:
      "A page that answers 200 but says it is not there (or shows almost nothing) is a soft 404: Google reports it as such and drops it, and crawlers spend time on it that real pages need.",
    howToFix:
      "For a page that is gone, answer 404 or 410 (or redirect to its replacement). For a page that should exist, give it its content and a title that is not an error message. The issue resolves at the next diagnosis.",
  },
  render_failed: {
    whyItMatters:
      "Our headless Chromium could not render the page: it timed out, crashed, exceeded the request or size limits, or the document was refused. Google's renderer has similar limits, so a page that never settles may be indexed without its scripted content.",
    howToFix:
      "Read the reason in the URL's Raw vs rendered panel: a page that loops or waits on requests forever, loads very many resources or very large ones is worth fixing. A document that answered an error or a refused address needs the site fixed first. Render it again once changed.",
  },
  orphan_page: {
    whyItMatters:
      "After a complete audit cycle, no audited page of the site links to this one. Google and Bing then know it only from sitemaps or outside links, crawl it rarely and give it little weight: orphans are the most common reason behind \"Discovered – currently not indexed\".",
    howToFix:
      "Link to the page from a relevant page that is itself linked (a category, a hub, related articles), with descriptive anchor text. If the page should not exist any more, remove it from the sitemaps and let it answer 404 or 410, or redirect it.",
  },
  broken_internal_link: {
    whyItMatters:
      "The page links to internal URLs that answer an error (4xx/5xx) or redirect. Visitors land on errors, and Google and Bing spend crawl budget on dead ends and detours instead of the pages you want indexed.",
    howToFix:
      "Open the project's Links page: each broken target lists the pages that carry it. Edit those links to point at the final, working URL (the redirect's target), or restore the missing page.",
  },
};
