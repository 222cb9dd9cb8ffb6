import crypto from "node:crypto";
import { resolve } from "./parse-head";
import { linkHost, scanLinks, type PageLink } from "./page-links";
import { simhash } from "./simhash";

export type { PageLink };

/** What a page says about its appearance, read from its HTML (the field history keeps them: lib/site-watch/field-history.ts). */
export interface PageFields {
  /** The head's first `<title>`, whitespace collapsed; null when absent or empty. */
  title: string | null;
  metaDescription: string | null;
  /** The first `<h1>` of the body, whitespace collapsed. */
  h1: string | null;
  /** `lang href` of each `<link rel=alternate hreflang>` of the head, sorted, deduplicated. */
  hreflang: string[];
  /** The `@type`s of the page's JSON-LD, sorted, deduplicated (at most 50). */
  structuredDataTypes: string[];
  /** SHA-256 (first 16 hex) of the main text's words: nav, header, footer, aside, script, style and the head left out. */
  mainTextHash: string | null;
  /** The main text's 64-bit SimHash (16 hex, lib/audit/simhash.ts) for near-duplicates; null under 20 words. */
  simhash: string | null;
  wordCount: number;
  /** `<a href>`s to the page's own host (fragments and other schemes not counted). */
  internalLinks: number;
  /**
   * The page's distinct internal link targets (own host and its www/apex twin, `<base>` respected, canonicalised,
   * at most 1,000) with rel=nofollow and anchor text: the link graph's edges (lib/links). Absent when not asked for.
   */
  links?: PageLink[];
  /** Internal `<a href>`s seen, beyond the 1,000 kept too. */
  linksSeen?: number;
}

export interface FieldScanner {
  write(text: string): void;
  finish(): PageFields;
}

const CAP = 4096;
const JSON_LD_CAP = 256 * 1024;
const MAX_TYPES = 50;
const MAX_HREFLANG = 500;

// One pass of indexOf and sticky-free regular expressions over the text the audit read (its first MiB),
// at the end: a full HTML parse of the body costs more than the rest of the audit (bench/watch/site-changes.ts
// measures both). What it reads is what a template changes: the elements below, not every corner of HTML.
const COMMENT = /<!--[\s\S]*?-->/g;
const INERT = /<(script|style|noscript|template|svg|textarea|select|button)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const BOILERPLATE = /<(nav|header|footer|aside)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const TAG = /<\/?[a-zA-Z][^>]*>/g;
const INLINE_TAG = /<\/?(?:a|abbr|b|bdi|bdo|cite|code|data|dfn|em|i|kbd|mark|q|s|samp|small|span|strong|sub|sup|time|u|var)\b[^>]*>/gi;
const TITLE = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i;
const H1 = /<h1\b[^>]*>([\s\S]*?)<\/h1\s*>/i;
const META = /<meta\b[^>]*>/gi;
const LINK = /<link\b[^>]*>/gi;
const JSON_LD = /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script\s*>/gi;
const BASE = /<base\b[^>]*\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const HEAD_END = /<\/head\s*>|<body\b/i;

/** The fields of one document from its text (the first MiB the audit read), cut anywhere. */
export function createFieldScanner(documentUrl: string, options: { links?: boolean } = {}): FieldScanner {
  const parts: string[] = [];
  let length = 0;
  return {
    write(text) {
      if (length >= MAX_TEXT) return;
      parts.push(text);
      length += text.length;
    },
    finish() {
      return readFields(parts.join("").slice(0, MAX_TEXT), documentUrl, options.links ?? true);
    },
  };
}

const MAX_TEXT = 1024 * 1024;

function readFields(raw: string, documentUrl: string, collectLinks: boolean): PageFields {
  const html = raw.includes("<!--") ? raw.replace(COMMENT, " ") : raw;
  let host = "";
  try {
    host = new URL(documentUrl).hostname;
  } catch {
    // The audit only reads absolute URLs; a bad one just counts no internal link.
  }
  const headEnd = HEAD_END.exec(html);
  const head = headEnd ? html.slice(0, headEnd.index) : html;
  const baseTag = BASE.exec(head);
  const base = baseTag ? (resolve(decode(baseTag[1] ?? baseTag[2] ?? baseTag[3] ?? ""), documentUrl) ?? documentUrl) : documentUrl;
  const baseHost = base === documentUrl ? host : hostOf(base);

  const titleMatch = TITLE.exec(head);
  let description: string | null = null;
  for (const m of head.matchAll(META)) {
    const a = attributes(m[0]);
    if ((a.name ?? "").trim().toLowerCase() === "description") {
      description = collapse(a.content ?? "") || null;
      break;
    }
  }
  const hreflang = new Set<string>();
  for (const m of head.matchAll(LINK)) {
    if (hreflang.size >= MAX_HREFLANG) break;
    const a = attributes(m[0]);
    const rel = (a.rel ?? "").toLowerCase().split(/\s+/);
    if (!rel.includes("alternate") || !a.hreflang || !a.href) continue;
    const href = resolve(a.href, base);
    if (href) hreflang.add(`${a.hreflang.trim().toLowerCase()} ${href}`);
  }
  const types = new Set<string>();
  if (html.includes("ld+json")) for (const m of html.matchAll(JSON_LD)) if (m[1].length <= JSON_LD_CAP) collectTypes(m[1], types);

  const bodyStart = headEnd ? headEnd.index : 0;
  const body = html.slice(bodyStart).replace(INERT, " ");
  const h1Match = H1.exec(body);
  const linkScan = scanLinks(body, documentUrl, host, base, baseHost, decode, collectLinks);

  const main = body.replace(BOILERPLATE, " ").replace(INLINE_TAG, "").replace(TAG, " ");
  const words = decode(main).split(/\s+/).filter(Boolean);
  const hash = crypto.createHash("sha256");
  for (let i = 0; i < words.length; i += 4096) hash.update(`${words.slice(i, i + 4096).join(" ")} `);
  return {
    title: titleMatch ? collapse(decode(titleMatch[1])) || null : null,
    metaDescription: description,
    h1: h1Match ? collapse(decode(h1Match[1].replace(TAG, " "))) || null : null,
    hreflang: [...hreflang].sort(),
    structuredDataTypes: [...types].sort().slice(0, MAX_TYPES),
    mainTextHash: words.length ? hash.digest("hex").slice(0, 16) : null,
    simhash: simhash(words),
    wordCount: words.length,
    internalLinks: linkScan.internalLinks,
    ...(collectLinks ? { links: linkScan.links, linksSeen: linkScan.linksSeen } : {}),
  };
}

const ATTR = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** A tag's attributes, names lower-cased, values decoded; the first of a name wins (as in HTML). */
function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  const inner = tag.replace(/^<[a-zA-Z]+/, "").replace(/\/?>$/, "");
  for (const m of inner.matchAll(ATTR)) {
    const name = m[1].toLowerCase();
    if (!(name in out)) out[name] = decode(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };
/** The common character references (named ones a template uses, and numeric ones); others stay as written. */
function decode(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});?/gi, (all, ref: string) => {
    const r = ref.toLowerCase();
    if (r[0] === "#") {
      const code = r[1] === "x" ? parseInt(r.slice(2), 16) : parseInt(r.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[r] ?? all;
  });
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim().slice(0, CAP);

function collectTypes(text: string, types: Set<string>) {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return;
  }
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length && visited++ < 5000 && types.size < MAX_TYPES) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === "object") {
      const t = (node as Record<string, unknown>)["@type"];
      for (const one of Array.isArray(t) ? t : [t]) if (typeof one === "string" && one.trim()) types.add(one.trim().slice(0, 100));
      for (const [k, v] of Object.entries(node)) if (k !== "@context" && v && typeof v === "object") stack.push(v);
    }
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Whether an `<a href>` leads to the page's own host, without parsing a URL for the common cases (a page
 * holds hundreds of links): a path or relative link resolves against the base's host; `//host` and
 * `http(s)://host` name theirs; other schemes (mailto:, javascript:, tel:) and fragments are not links to count.
 */
export function isInternal(rawHref: string, host: string, baseHost: string): boolean {
  const href = rawHref.trim();
  if (!href || href.startsWith("#") || !host) return false;
  if (href.startsWith("//")) return linkHost(href.slice(2)) === host;
  const scheme = SCHEME.exec(href);
  if (!scheme) return baseHost === host;
  const s = scheme[1].toLowerCase();
  if (s !== "http" && s !== "https") return false;
  return linkHost(href.slice(scheme[0].length).replace(/^[\\/]+/, "")) === host;
}
