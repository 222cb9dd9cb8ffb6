import { comparedPath, groupsForAgent, readingFor, type RobotsReading } from "./decide";
import { patternMatches } from "./match";
import { productToken, type RobotsGroup, type RobotsRule, type RobotsTxt } from "./parse";

/** A rule as written in the file: its 1-based line, directive and value. */
export interface RobotsRuleRef {
  line: number;
  directive: "allow" | "disallow";
  value: string;
}

/** The group whose rules applied (the deciding rule's group, else the first applicable group). */
export interface RobotsGroupRef {
  /** 1-based line of the group's first User-agent line. */
  line: number;
  /** Product tokens of the group's User-agent lines, lowercased ("*" for the catch-all). */
  agents: string[];
  /** The token that selected the group: the tested agent's product token, or "*". */
  matchedAgent: string;
  /** Lines of the other groups naming the same agent, whose rules were merged with this group's. */
  mergedWith: number[];
}

export const EXPLAIN_REASONS = ["rule", "no_matching_rule", "no_group", "robots_txt", "unavailable", "unreachable"] as const;
export type ExplainReason = (typeof EXPLAIN_REASONS)[number];

export interface RobotsExplanation {
  allowed: boolean;
  /** Path and query as matched: fragment dropped, percent-encoding normalized (RFC 9309 §2.2.2) or, for Google's reading, as sent. */
  path: string;
  reason: ExplainReason;
  group: RobotsGroupRef | null;
  rule: RobotsRuleRef | null;
}

/**
 * `isAllowed` with its reasons, in the same reading (Google's parser for Google's crawlers, RFC 9309 for the
 * rest): the deciding rule (longest matching pattern; allow wins a tie of equal length, and among equal rules
 * the first in the file is shown) and the group it belongs to. Its `allowed` equals `isAllowed(robots, userAgent, url)` for every input (a property test holds it to that).
 */
export function explainRobots(robots: RobotsTxt, userAgent: string, url: string, reading: RobotsReading = readingFor(robots, userAgent)): RobotsExplanation {
  const path = comparedPath(url, reading);
  const q = path.indexOf("?");
  const none = { path, group: null, rule: null };
  if ((q < 0 ? path : path.slice(0, q)) === "/robots.txt") return { ...none, allowed: true, reason: "robots_txt" };
  if (robots.mode === "allow_all") return { ...none, allowed: true, reason: "unavailable" };
  if (robots.mode === "disallow_all") return { ...none, allowed: false, reason: "unreachable" };

  const groups = groupsForAgent(robots, userAgent, reading);
  if (groups.length === 0) return { ...none, allowed: true, reason: "no_group" };

  let best: { rule: RobotsRule; group: RobotsGroup } | null = null;
  for (const group of groups) {
    for (const rule of group.rules) {
      const len = rule.pattern.length;
      const bestLen = best ? best.rule.pattern.length : -1;
      if (len < bestLen || (len === bestLen && (!rule.allow || best!.rule.allow))) continue;
      if (!patternMatches(path, rule.pattern)) continue;
      best = { rule, group };
    }
  }
  const token = productToken(userAgent);
  const matchedAgent = token && token !== "*" && groups[0].agents.includes(token) ? token : "*";
  const groupRef = (g: RobotsGroup): RobotsGroupRef => ({
    line: g.line, agents: [...g.agents], matchedAgent, mergedWith: groups.filter((o) => o !== g).map((o) => o.line),
  });
  if (!best) return { path, allowed: true, reason: "no_matching_rule", group: groupRef(groups[0]), rule: null };
  const { rule, group } = best;
  return {
    path, allowed: rule.allow, reason: "rule", group: groupRef(group),
    rule: { line: rule.line, directive: rule.allow ? "allow" : "disallow", value: rule.value },
  };
}
