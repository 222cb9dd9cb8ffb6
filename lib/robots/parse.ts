import { googleEscapePattern, googleIndexHtmlPattern, googleNoteMessage, readGoogleLine, type GoogleLineNote } from "./google";
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
  /**
   * The same file as Google's open-source parser reads it (google.ts), for Google's crawlers, with the lines it
   * reads differently from the standard. Absent when no file was read (allow_all, disallow_all).
   */
  google?: { groups: RobotsGroup[]; notes: GoogleLineNote[] };
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

/** Collects groups line by line: consecutive User-agent lines share a group, a rule line ends the list. */
class GroupBuilder {
  readonly groups: RobotsGroup[] = [];
  private current: RobotsGroup | null = null;
  private hasRules = false;

  agent(token: string, line: number) {
    if (!this.current || this.hasRules) {
      this.current = { agents: [], rules: [], line };
      this.groups.push(this.current);
      this.hasRules = false;
    }
    this.current.agents.push(token);
  }

  /** A rule line; false when it came before any User-agent line and belongs to no group (RFC 9309 §2.1). */
  rule(rule: RobotsRule | null): boolean {
    if (!this.current) return false;
    this.hasRules = true;
    if (rule) this.current.rules.push(rule);
    return true;
  }

  get group(): RobotsGroup | null {
    return this.current;
  }
}

// An empty value or one that is not a path pattern matches nothing, so an empty Disallow allows all.
const isPattern = (value: string) => value !== "" && (value[0] === "/" || value[0] === "*");

export function parseRobots(input: string | Uint8Array, options: ParseRobotsOptions = {}): RobotsTxt {
  const { text, truncated } = limitToMaxBytes(input);
  // RFC 9309 leaves a byte order mark unspoken; both readings skip one at the start of the file (robots.cc
  // RobotsTxtParser::Parse does, byte by byte). One further inside is whitespace to the standard reading
  // (String.prototype.trim) and part of the key to Google's, which then ignores the line (google.ts).
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rfc = new GroupBuilder();
  const google = new GroupBuilder();
  const notes: GoogleLineNote[] = [];
  const sitemaps: string[] = [];
  const seenSitemaps = new Set<string>();

  const lines = body.split(/\r\n|\r|\n/);
  for (let index = 0; index < lines.length; index++) {
    const rawLine = lines[index];
    const lineNumber = index + 1;
    const hash = rawLine.indexOf("#");
    const line = hash >= 0 ? rawLine.slice(0, hash) : rawLine;
    const colon = line.indexOf(":");
    const key = colon < 0 ? null : line.slice(0, colon).trim().toLowerCase();
    const value = colon < 0 ? "" : line.slice(colon + 1).trim();
    const kind = key === null ? null : keyKind(key);

    if (kind === "user-agent") rfc.agent(productToken(value), lineNumber);
    else if (kind === "allow" || kind === "disallow") {
      rfc.rule(isPattern(value) ? { allow: kind === "allow", pattern: normalizePercentEncoding(value), line: lineNumber, value } : null);
    } else if (kind === "crawl-delay") {
      // Not an RFC 9309 rule, so it does not end the group's User-agent lines (§2.2.4; Google's parser agrees).
      const group = rfc.group;
      const seconds = Number(value);
      if (group && value !== "" && Number.isFinite(seconds) && seconds >= 0 && group.crawlDelay === undefined) group.crawlDelay = seconds;
    } else if (kind === "sitemap") {
      const url = resolveSitemap(value, options.baseUrl);
      if (url && !seenSitemaps.has(url)) {
        seenSitemaps.add(url);
        sitemaps.push(url);
      }
    }
    readForGoogle(google, notes, rawLine, lineNumber, kind);
  }
  return { mode: "rules", groups: rfc.groups, sitemaps, truncated, google: { groups: google.groups, notes } };
}

type KeyKind = "user-agent" | "allow" | "disallow" | "crawl-delay" | "sitemap";

function keyKind(key: string): KeyKind | null {
  if (USER_AGENT_KEYS.has(key)) return "user-agent";
  if (ALLOW_KEYS.has(key)) return "allow";
  if (DISALLOW_KEYS.has(key)) return "disallow";
  if (CRAWL_DELAY_KEYS.has(key)) return "crawl-delay";
  if (SITEMAP_KEYS.has(key)) return "sitemap";
  return null;
}

/** The same line as Google's parser reads it, into Google's groups, with a note where the two readings part. */
function readForGoogle(google: GroupBuilder, notes: GoogleLineNote[], rawLine: string, line: number, standard: KeyKind | null) {
  const g = readGoogleLine(rawLine);
  const note = (kind: GoogleLineNote["kind"], extra?: string) => notes.push({ line, kind, message: googleNoteMessage(kind, g, extra) });
  const standardRule = standard === "allow" || standard === "disallow" || standard === "user-agent";
  if (g.key === "unknown") {
    if (standardRule && /^[ \t]*\ufeff/.test(rawLine)) note("byte_order_mark");
    return;
  }
  if (g.key === "sitemap") return;
  if (g.missingColon) note("missing_colon");
  else if (standard !== g.key) note("key_spelling");
  if (g.key === "user-agent") return google.agent(productToken(g.value), line);
  const pattern = googleEscapePattern(g.value);
  const counted = google.rule(isPattern(g.value) ? { allow: g.key === "allow", pattern, line, value: g.value } : null);
  if (!counted || !isPattern(g.value)) return;
  if (standardRule && !g.missingColon && pattern !== normalizePercentEncoding(g.value)) note("percent_encoding");
  const directory = g.key === "allow" ? googleIndexHtmlPattern(pattern) : null;
  if (directory) {
    google.rule({ allow: true, pattern: directory, line, value: g.value });
    note("index_html", directory);
  }
}
