import { normalizePercentEncoding, patternMatches, robotsPath, rulesForAgent, type RobotsRule, type RobotsTxt } from "@/lib/robots";

/**
 * The rule that decides `url` for `userAgent`: the longest matching pattern, an allow winning a
 * tie (the same choice as `isAllowed`). Null when no rule matches or the whole file decided
 * (4xx allow-all, 5xx disallow-all) or the path is /robots.txt itself.
 */
export function decidingRule(robots: RobotsTxt, userAgent: string, url: string): RobotsRule | null {
  if (robots.mode !== "rules") return null;
  const path = normalizePercentEncoding(robotsPath(url));
  const q = path.indexOf("?");
  if ((q < 0 ? path : path.slice(0, q)) === "/robots.txt") return null;
  let best: RobotsRule | null = null;
  for (const rule of rulesForAgent(robots, userAgent)) {
    if (best && (rule.pattern.length < best.pattern.length || (rule.pattern.length === best.pattern.length && (best.allow || !rule.allow)))) continue;
    if (patternMatches(path, rule.pattern)) best = rule;
  }
  return best;
}
