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

// Group selection is per (file, agent) and hot in bulk decisions, so it is cached per parsed file.
const rulesCache = new WeakMap<RobotsTxt, Map<string, RobotsRule[]>>();

/** The merged rules of every group naming the agent, else of every `*` group (RFC 9309 §2.2.1). */
export function rulesForAgent(robots: RobotsTxt, userAgent: string): RobotsRule[] {
  const token = productToken(userAgent);
  let perAgent = rulesCache.get(robots);
  if (!perAgent) rulesCache.set(robots, (perAgent = new Map()));
  const cached = perAgent.get(token);
  if (cached) return cached;
  const collect = (name: string) => robots.groups.filter((g) => g.agents.includes(name)).flatMap((g) => g.rules);
  const specific = token && token !== "*" && robots.groups.some((g) => g.agents.includes(token));
  const rules = specific ? collect(token) : collect("*");
  perAgent.set(token, rules);
  return rules;
}

/** Path and query of a request target, fragment dropped, always starting with "/". */
export function robotsPath(pathOrUrl: string): string {
  let p = pathOrUrl;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(p);
  if (scheme) p = p.slice(scheme[0].length);
  const hash = p.indexOf("#");
  if (hash >= 0) p = p.slice(0, hash);
  if (!p.startsWith("/")) p = `/${p}`;
  return p;
}

export function isAllowed(robots: RobotsTxt, userAgent: string, urlPathAndQuery: string): boolean {
  if (robots.mode === "allow_all") return true;
  const path = normalizePercentEncoding(robotsPath(urlPathAndQuery));
  const q = path.indexOf("?");
  if ((q < 0 ? path : path.slice(0, q)) === "/robots.txt") return true;
  if (robots.mode === "disallow_all") return false;

  let bestLength = -1;
  let bestAllow = true;
  for (const rule of rulesForAgent(robots, userAgent)) {
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
export function groupsForAgent(robots: RobotsTxt, userAgent: string): RobotsGroup[] {
  const token = productToken(userAgent);
  const specific = token && token !== "*" && robots.groups.some((g) => g.agents.includes(token));
  return robots.groups.filter((g) => g.agents.includes(specific ? token : "*"));
}

/** The Crawl-delay (seconds) the file asks of this agent, capped at `maxSeconds`; 0 when none. */
export function crawlDelayFor(robots: RobotsTxt, userAgent: string, maxSeconds = 10): number {
  const delays = groupsForAgent(robots, userAgent).map((g) => g.crawlDelay).filter((d): d is number => d !== undefined);
  return delays.length ? Math.min(Math.max(...delays), maxSeconds) : 0;
}
