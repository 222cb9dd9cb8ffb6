import { normalizePercentEncoding } from "./normalize";

export const ROBOTS_MAX_BYTES = 500 * 1024;

export interface RobotsRule {
  allow: boolean;
  /** Normalized pattern; its length is the rule's specificity. */
  pattern: string;
  /** 1-based line of the rule in the file, and the value as written there (for explanations). */
  line: number;
  value: string;
}

export interface RobotsGroup {
  /** Lowercased product tokens; "*" for the catch-all. */
  agents: string[];
  rules: RobotsRule[];
  /** 1-based line of the group's first user-agent line. */
  line: number;
  /** `Crawl-delay` in seconds (not in RFC 9309, honoured by several crawlers), when the group sets a valid one. */
  crawlDelay?: number;
}

export interface RobotsTxt {
  /** `rules`: a fetched file; `allow_all`: 4xx (unavailable); `disallow_all`: 5xx or unreachable. */
  mode: "rules" | "allow_all" | "disallow_all";
  groups: RobotsGroup[];
  /** Absolute http(s) `Sitemap:` URLs in file order, deduplicated. */
  sitemaps: string[];
  /** True when the file exceeded 500 KiB and only the first 500 KiB were parsed. */
  truncated: boolean;
}

export interface ParseRobotsOptions {
  /** The robots.txt URL; when given, relative `Sitemap:` values are resolved against it. */
  baseUrl?: string;
}

// Common misspellings accepted by the major crawlers; treating them as unknown would silently
// drop rules the site owner meant to publish.
const USER_AGENT_KEYS = new Set(["user-agent", "useragent", "user agent"]);
const DISALLOW_KEYS = new Set(["disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"]);
const ALLOW_KEYS = new Set(["allow"]);
const SITEMAP_KEYS = new Set(["sitemap", "site-map"]);
const CRAWL_DELAY_KEYS = new Set(["crawl-delay", "crawldelay"]);

/**
 * The product token of a user-agent string: its leading run of letters, "_" and "-"
 * ("Googlebot/2.1 (+http://…)" → "googlebot"), lowercased. "*" stays "*".
 */
export function productToken(value: string): string {
  const v = value.trim();
  if (v === "*" || /^\*\s/.test(v)) return "*";
  const m = /^[A-Za-z_-]+/.exec(v);
  return m ? m[0].toLowerCase() : "";
}

function limitToMaxBytes(input: string | Uint8Array): { text: string; truncated: boolean } {
  const decoder = new TextDecoder("utf-8");
  if (typeof input !== "string") {
    if (input.length <= ROBOTS_MAX_BYTES) return { text: decoder.decode(input), truncated: false };
    return { text: dropPartialLastLine(decoder.decode(input.subarray(0, ROBOTS_MAX_BYTES))), truncated: true };
  }
  // A UTF-16 code unit encodes to at most 3 UTF-8 octets, so short strings need no measuring.
  if (input.length * 3 <= ROBOTS_MAX_BYTES) return { text: input, truncated: false };
  const bytes = new TextEncoder().encode(input);
  if (bytes.length <= ROBOTS_MAX_BYTES) return { text: input, truncated: false };
  return { text: dropPartialLastLine(decoder.decode(bytes.subarray(0, ROBOTS_MAX_BYTES))), truncated: true };
}

// A line cut at the limit could turn "Disallow: /private" into the broader "Disallow: /pri";
// the incomplete line is dropped instead.
function dropPartialLastLine(text: string): string {
  const last = Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r"));
  return last < 0 ? "" : text.slice(0, last + 1);
}

function resolveSitemap(value: string, baseUrl: string | undefined): string | null {
  try {
    const url = baseUrl ? new URL(value, baseUrl) : new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

export function parseRobots(input: string | Uint8Array, options: ParseRobotsOptions = {}): RobotsTxt {
  const { text, truncated } = limitToMaxBytes(input);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  const seenSitemaps = new Set<string>();
  let current: RobotsGroup | null = null;
  let currentHasRules = false;

  const lines = body.split(/\r\n|\r|\n/);
  for (let index = 0; index < lines.length; index++) {
    const rawLine = lines[index];
    const lineNumber = index + 1;
    const hash = rawLine.indexOf("#");
    const line = hash >= 0 ? rawLine.slice(0, hash) : rawLine;
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();

    if (USER_AGENT_KEYS.has(key)) {
      if (!current || currentHasRules) {
        current = { agents: [], rules: [], line: lineNumber };
        groups.push(current);
        currentHasRules = false;
      }
      current.agents.push(productToken(value));
    } else if (ALLOW_KEYS.has(key) || DISALLOW_KEYS.has(key)) {
      // Rules before the first user-agent line belong to no group (RFC 9309 §2.1).
      if (!current) continue;
      currentHasRules = true;
      // An empty value or one that is not a path pattern matches nothing, so an empty Disallow allows all.
      if (value === "" || (value[0] !== "/" && value[0] !== "*")) continue;
      current.rules.push({ allow: ALLOW_KEYS.has(key), pattern: normalizePercentEncoding(value), line: lineNumber, value });
    } else if (CRAWL_DELAY_KEYS.has(key)) {
      // Not an RFC 9309 rule, so it does not end the group's User-agent lines (§2.2.4; Google's parser agrees).
      if (!current) continue;
      const seconds = Number(value);
      if (value !== "" && Number.isFinite(seconds) && seconds >= 0 && current.crawlDelay === undefined) current.crawlDelay = seconds;
    } else if (SITEMAP_KEYS.has(key)) {
      const url = resolveSitemap(value, options.baseUrl);
      if (url && !seenSitemaps.has(url)) {
        seenSitemaps.add(url);
        sitemaps.push(url);
      }
    }
  }
  return { mode: "rules", groups, sitemaps, truncated };
}
