import { GSC_ROBOTS_AGENT, ENGINE_B_ROBOTS_AGENT, explainRobots, isAllowed, productToken } from "@/lib/robots";
import { INDEX_TYPES } from "./outcome";
import type { RobotsEntry } from "./robots-cache";
import type { AuditOutcome, AuditRobots } from "./types";

export interface RobotsVerdict {
  robots: AuditRobots;
  /** The outcome fields when the URL must not be fetched; null when it may. */
  stop: Partial<AuditOutcome> | null;
}

const ENGINES = [
  ["engineA", GSC_ROBOTS_AGENT],
  ["engineB", ENGINE_B_ROBOTS_AGENT],
] as const;

/**
 * What robots.txt says before any request for the URL: blocked for an engine's crawler (the
 * URL's indexability), unreadable (5xx, 429, unreachable: RFC 9309 makes that a full disallow,
 * reported as crawl_blocked), or blocked for our own crawler only (we obey, and cannot judge).
 */
export function robotsVerdict(entry: RobotsEntry, url: string, userAgent: string): RobotsVerdict {
  const blockedFor = ENGINES.filter(([, agent]) => !isAllowed(entry.robots, agent, url)).map(([engine]) => engine);
  const firstAgent = ENGINES.find(([engine]) => engine === blockedFor[0])?.[1];
  const robots: AuditRobots = {
    robotsUrl: entry.robotsUrl,
    status: entry.status,
    blockedFor,
    rule: firstAgent ? explainRobots(entry.robots, firstAgent, url).rule : null,
  };

  if (entry.robots.mode === "disallow_all" && blockedFor.length > 0) {
    const healthError = entry.status === "unreachable" ? `robots.txt: unreachable (${entry.error ?? "no answer"})` : `robots.txt: ${entry.status}`;
    return { robots, stop: { healthError, indexability: "unknown", detected: ["crawl_blocked"], evaluated: ["crawl_blocked"] } };
  }
  if (blockedFor.length > 0) {
    // The engines cannot see the page, so noindex or canonical findings from earlier no longer apply.
    return {
      robots,
      stop: { indexability: "blocked_by_robots", detected: ["blocked_by_robots"], evaluated: ["blocked_by_robots", "crawl_blocked", ...INDEX_TYPES] },
    };
  }
  if (!isAllowed(entry.robots, userAgent, url)) {
    const healthError = `robots.txt: disallowed for ${productToken(userAgent) || userAgent}`;
    return { robots, stop: { healthError, indexability: "unknown", evaluated: ["blocked_by_robots", "crawl_blocked"] } };
  }
  return { robots, stop: null };
}
