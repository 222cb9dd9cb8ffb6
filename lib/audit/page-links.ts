import { normalizeParsed, normalizeUrl } from "@/lib/urls/normalize-url";

/** One internal link of a page (the link graph's edge, lib/links): its target, canonicalised as tracked URLs are. */
export interface PageLink {
  url: string;
  /** Every `<a>` of the page to this target says rel=nofollow (one followed link makes the edge followed). */
  nofollow: boolean;
  /** The first non-empty anchor text (whitespace collapsed, at most MAX_ANCHOR characters). */
  anchor: string;
}

export interface LinkScan {
  /** `<a href>`s to the page's own host (the field history's internal_links). */
  internalLinks: number;
  /** Distinct internal targets (own host and its www/apex twin), in document order, at most MAX_LINKS; the page itself left out. */
  links: PageLink[];
  /** Internal `<a href>`s seen in all (capped or not). */
  linksSeen: number;
}

export const MAX_LINKS = 1000;
export const MAX_ANCHOR = 100;
/** Characters read after an `<a …>` for its text: an unclosed anchor does not swallow the page. */
const ANCHOR_WINDOW = 400;

const OPEN_A = /<a\b[^>]*>/gi;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const REL = /\brel\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const TAG = /<[^>]*>/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The www/apex twin of a host ("www.shop.example" ⇄ "shop.example"): the project's other host. */
export function twinHost(host: string): string {
  return host.startsWith("www.") ? host.slice(4) : `www.${host}`;
}

/**
 * Counts and collects the internal links of a body in one pass over its `<a>` tags. Cheap checks first
 * (scheme, host without parsing); only an internal href is resolved against `<base>` and canonicalised with
 * the URL normaliser, and only until MAX_LINKS distinct targets are kept (counting goes on).
 */
export function scanLinks(body: string, documentUrl: string, host: string, base: string, baseHost: string,
  decode: (s: string) => string, collect: boolean): LinkScan {
  const twin = host ? twinHost(host) : "";
  const self = normalizeUrl(documentUrl);
  const selfUrl = self.ok ? self.url : documentUrl;
  const byUrl = new Map<string, PageLink>();
  const resolved = new Map<string, string | null>();
  let internalLinks = 0;
  let linksSeen = 0;
  for (const m of body.matchAll(OPEN_A)) {
    const tag = m[0];
    const h = HREF.exec(tag);
    if (!h) continue;
    const href = decode(h[1] ?? h[2] ?? h[3] ?? "").trim();
    const kind = linkKind(href, host, twin, baseHost);
    if (kind === 0) continue;
    if (kind === 1) internalLinks++;
    linksSeen++;
    if (!collect || byUrl.size >= MAX_LINKS) continue;
    let target = resolved.get(href);
    if (target === undefined) resolved.set(href, (target = canonical(href, base)));
    if (!target || target === selfUrl) continue;
    const r = REL.exec(tag);
    const nofollow = r ? /(^|\s)nofollow(\s|$)/i.test(decode(r[1] ?? r[2] ?? r[3] ?? "")) : false;
    const known = byUrl.get(target);
    if (known) {
      if (!nofollow) known.nofollow = false;
      if (!known.anchor) known.anchor = anchorText(body, m.index + tag.length, decode);
      continue;
    }
    byUrl.set(target, { url: target, nofollow, anchor: anchorText(body, m.index + tag.length, decode) });
  }
  return { internalLinks, links: [...byUrl.values()], linksSeen };
}

/** 0: not an internal link; 1: the page's own host; 2: its www/apex twin (in the graph, not in the count). */
function linkKind(href: string, host: string, twin: string, baseHost: string): 0 | 1 | 2 {
  if (!href || href.startsWith("#") || !host) return 0;
  let target: string;
  if (href.startsWith("//")) target = linkHost(href.slice(2));
  else {
    const scheme = SCHEME.exec(href);
    if (!scheme) target = baseHost;
    else {
      const s = scheme[1].toLowerCase();
      if (s !== "http" && s !== "https") return 0;
      target = linkHost(href.slice(scheme[0].length).replace(/^[\\/]+/, ""));
    }
  }
  return target === host ? 1 : target === twin ? 2 : 0;
}

/** normalizeUrl's rules (http/https, no credentials, no fragment, at most 2,048 characters) on one parse. */
function canonical(href: string, base: string): string | null {
  let u: URL;
  try {
    u = new URL(href, base);
  } catch {
    return null;
  }
  const n = normalizeParsed(u, href);
  return n.ok ? n.url : null;
}

function anchorText(body: string, from: number, decode: (s: string) => string): string {
  const window = body.slice(from, from + ANCHOR_WINDOW);
  const end = window.search(/<\/a\s*>/i);
  const inner = end >= 0 ? window.slice(0, end) : window.slice(0, window.indexOf("<") >= 0 ? window.indexOf("<") : window.length);
  let text = decode(inner.replace(TAG, " ")).replace(/\s+/g, " ").trim();
  if (!text) {
    const alt = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(inner);
    if (alt) text = decode(alt[1] ?? alt[2] ?? "").replace(/\s+/g, " ").trim();
  }
  return text.replaceAll("\u0000", "").slice(0, MAX_ANCHOR);
}

/** The host of an authority-first string ("host:port/path"), lower-cased, without userinfo or a final dot. */
export function linkHost(rest: string): string {
  let end = rest.length;
  for (let i = 0; i < rest.length; i++) {
    const c = rest.charCodeAt(i);
    if (c === 47 || c === 63 || c === 35 || c === 92) { // / ? # \
      end = i;
      break;
    }
  }
  let authority = rest.slice(0, end);
  const at = authority.lastIndexOf("@");
  if (at >= 0) authority = authority.slice(at + 1);
  if (!authority.startsWith("[")) authority = authority.replace(/:\d*$/, "");
  return authority.toLowerCase().replace(/\.$/, "");
}
