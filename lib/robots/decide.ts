import { googleRequestPath, isGoogleCrawler } from "./google";
import { patternMatches } from "./match";
import { normalizePercentEncoding } from "./normalize";
import { parseRobots, productToken, type ParseRobotsOptions, type RobotsGroup, type RobotsRule, type RobotsTxt } from "./parse";

/** Product tokens matched against robots.txt groups. */
export const SERVICE_ROBOTS_AGENT = "IndexWatchBot";
export const GSC_ROBOTS_AGENT = "Googlebot";
export const ENGINE_B_ROBOTS_AGENT = "Bingbot";
export const ROBOTS_AGENTS = {
  service: SERVICE_ROBOTS_AGENT,
  engineA: GSC_ROBOTS_AGENT,
  engineB: ENGINE_B_ROBOTS_AGENT,
} as const;

export type RobotsAgentKey = keyof typeof ROBOTS_AGENTS;
export type RobotsDecision = Record<RobotsAgentKey, boolean>;

const ALLOW_ALL: RobotsTxt = { mode: "allow_all", groups: [], sitemaps: [], truncated: false };
const DISALLOW_ALL: RobotsTxt = { mode: "disallow_all", groups: [], sitemaps: [], truncated: false };

/**
 * Turns the outcome of fetching /robots.txt (after redirects) into rules (RFC 9309 §2.3.1):
 * 2xx → the parsed file; 4xx → unavailable, allow all; 5xx or unreachable → disallow all.
 * 429 is treated like 5xx: it says "come back later", not "there is no file", and Google's
 * crawler documents the same. A final 3xx means the redirect limit was hit: unavailable, allow all.
 */
export function robotsDecisionForFetch(
  status: number | "unreachable",
  body?: string | Uint8Array,
  options?: ParseRobotsOptions,
): RobotsTxt {
  if (status === "unreachable") return DISALLOW_ALL;
  if (status >= 200 && status < 300) return parseRobots(body ?? "", options);
  if (status === 429) return DISALLOW_ALL;
  if (status >= 300 && status < 500) return ALLOW_ALL;
  return DISALLOW_ALL;
}

/** Which reading of the file judges this agent: Google's parser for Google's crawlers (google.ts), else RFC 9309. */
export type RobotsReading = "google" | "rfc9309";

export function readingFor(robots: RobotsTxt, userAgent: string): RobotsReading {
  return robots.google && isGoogleCrawler(productToken(userAgent)) ? "google" : "rfc9309";
}

/** The groups of a reading. */
export function groupsOf(robots: RobotsTxt, reading: RobotsReading): RobotsGroup[] {
  return reading === "google" && robots.google ? robots.google.groups : robots.groups;
}

/** A request's path and query as a reading compares it: normalized for RFC 9309 §2.2.2, as sent for Google's parser. */
export function comparedPath(url: string, reading: RobotsReading): string {
  return comparedFromPath(robotsPath(url), reading);
}

/** `comparedPath` from a path already taken out of its URL (`robotsPath`): one URL judged in both readings splits it once. */
export function comparedFromPath(path: string, reading: RobotsReading): string {
  return reading === "google" ? googleRequestPath(path) : normalizePercentEncoding(path);
}

// Group selection is per (file, agent) and hot in bulk decisions, so it is cached per parsed file.
const rulesCache = new WeakMap<RobotsTxt, Map<string, RobotsRule[]>>();

/**
 * The merged rules of every group naming the agent, else of every `*` group (RFC 9309 §2.2.1), in the reading
 * that judges the agent (`reading` forces one).
 */
export function rulesForAgent(robots: RobotsTxt, userAgent: string, reading = readingFor(robots, userAgent)): RobotsRule[] {
  const token = productToken(userAgent);
  let perAgent = rulesCache.get(robots);
  if (!perAgent) rulesCache.set(robots, (perAgent = new Map()));
  const key = `${reading} ${token}`;
  const cached = perAgent.get(key);
  if (cached) return cached;
  const rules = groupsForAgent(robots, userAgent, reading).flatMap((g) => g.rules);
  perAgent.set(key, rules);
  return rules;
}

/** Path and query of a request target, fragment dropped, always starting with "/". */
export function robotsPath(pathOrUrl: string): string {
  // Scanned rather than matched with a regular expression: judging a million URLs (the robots.txt impact) should
  // make one string per URL, not a match array and its strings besides.
  const start = authorityEnd(pathOrUrl);
  const hash = pathOrUrl.indexOf("#", start);
  const end = hash < 0 ? pathOrUrl.length : hash;
  const p = start === 0 && end === pathOrUrl.length ? pathOrUrl : pathOrUrl.slice(start, end);
  return p.charCodeAt(0) === SLASH ? p : `/${p}`;
}

const SLASH = 47;
const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isSchemeChar = (c: number) => isAlpha(c) || (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46;

/** Where `scheme://authority` ends at the start of `s` (`^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*`), 0 when it does not start so. */
function authorityEnd(s: string): number {
  if (!isAlpha(s.charCodeAt(0))) return 0;
  let i = 1;
  while (i < s.length && isSchemeChar(s.charCodeAt(i))) i++;
  if (!s.startsWith("://", i)) return 0;
  for (i += 3; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === SLASH || c === 63 || c === 35) break;
  }
  return i;
}

/** Whether the agent may fetch the URL, in the reading that judges it (`reading` forces one). */
export function isAllowed(robots: RobotsTxt, userAgent: string, urlPathAndQuery: string, reading = readingFor(robots, userAgent)): boolean {
  if (robots.mode === "allow_all") return true;
  const path = comparedPath(urlPathAndQuery, reading);
  const q = path.indexOf("?");
  if ((q < 0 ? path : path.slice(0, q)) === "/robots.txt") return true;
  if (robots.mode === "disallow_all") return false;

  return longestMatchAllows(rulesForAgent(robots, userAgent, reading), path);
}

/** RFC 9309 §2.2.2: the longest matching rule decides, allow winning a tie; no match allows. `path` is already compared. */
export function longestMatchAllows(rules: readonly RobotsRule[], path: string): boolean {
  let bestLength = -1;
  let bestAllow = true;
  for (const rule of rules) {
    const len = rule.pattern.length;
    if (len < bestLength || (len === bestLength && !rule.allow)) continue;
    if (!patternMatches(path, rule.pattern)) continue;
    bestLength = len;
    bestAllow = rule.allow;
  }
  return bestAllow;
}

/** The decision for the service's own crawler and both engines' crawlers. */
export function decideFor(robots: RobotsTxt, url: string): RobotsDecision {
  return {
    service: isAllowed(robots, SERVICE_ROBOTS_AGENT, url),
    engineA: isAllowed(robots, GSC_ROBOTS_AGENT, url),
    engineB: isAllowed(robots, ENGINE_B_ROBOTS_AGENT, url),
  };
}

/** The groups that apply to an agent: every group naming its product token, else every `*` group. */
export function groupsForAgent(robots: RobotsTxt, userAgent: string, reading = readingFor(robots, userAgent)): RobotsGroup[] {
  const token = productToken(userAgent);
  const groups = groupsOf(robots, reading);
  const specific = token && token !== "*" && groups.some((g) => g.agents.includes(token));
  return groups.filter((g) => g.agents.includes(specific ? token : "*"));
}

/** The Crawl-delay (seconds) the file asks of this agent, capped at `maxSeconds`; 0 when none. */
export function crawlDelayFor(robots: RobotsTxt, userAgent: string, maxSeconds = 10): number {
  // Google ignores Crawl-delay; the standard reading's groups carry it for everyone else (our crawler included).
  const delays = groupsForAgent(robots, userAgent, "rfc9309").map((g) => g.crawlDelay).filter((d): d is number => d !== undefined);
  return delays.length ? Math.min(Math.max(...delays), maxSeconds) : 0;
}
