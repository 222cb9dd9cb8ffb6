// Robots directives as X-Robots-Tag headers and <meta name=robots|googlebot|bingbot> tags carry
// them: a comma-separated list, optionally scoped by a crawler prefix ("googlebot: noindex").

export interface RobotsDirective {
  /** Lowercased crawler the directive is scoped to; null for every crawler. */
  agent: string | null;
  /** Lowercased directive name ("noindex", "none", "unavailable_after", …). */
  name: string;
  value: string | null;
}

/** The crawlers whose indexing decision counts (Google's and Bing's). */
export const INDEXING_AGENTS = ["googlebot", "bingbot"] as const;

// Directives whose own syntax has a colon: their name can never be a crawler prefix.
const VALUED = new Set(["unavailable_after", "max-snippet", "max-image-preview", "max-video-preview"]);
const WEEKDAYS = new Set(["mon", "tue", "wed", "thu", "fri", "sat", "sun", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
const AGENT_NAME = /^[a-z0-9_.-]+$/;

/**
 * Parses one directive list. Repeated headers arrive joined with ", ", so a prefix scopes every
 * directive after it until the next prefix. `unavailable_after` dates may hold a comma after the
 * weekday ("Friday, 25-Jun-2010 …"): such a date is rejoined with the next piece.
 */
export function parseRobotsDirectives(text: string, agent: string | null = null): RobotsDirective[] {
  const pieces = text.split(",");
  const directives: RobotsDirective[] = [];
  let scope = agent;
  for (let i = 0; i < pieces.length; i++) {
    let piece = pieces[i].trim();
    let colon = piece.indexOf(":");
    let name = (colon < 0 ? piece : piece.slice(0, colon)).trim().toLowerCase();
    if (colon >= 0 && !VALUED.has(name) && AGENT_NAME.test(name)) {
      scope = name;
      piece = piece.slice(colon + 1).trim();
      colon = piece.indexOf(":");
      name = (colon < 0 ? piece : piece.slice(0, colon)).trim().toLowerCase();
    }
    if (!name) continue;
    let value = colon < 0 ? null : piece.slice(colon + 1).trim();
    if (name === "unavailable_after" && value !== null && WEEKDAYS.has(value.toLowerCase()) && i + 1 < pieces.length) {
      value = `${value}, ${pieces[++i].trim()}`;
    }
    directives.push({ agent: scope, name, value });
  }
  return directives;
}

/** True when the directives forbid indexing for any of the agents at `now` (the most restrictive wins). */
export function isNoindex(directives: RobotsDirective[], agents: readonly string[], now: Date): boolean {
  return directives.some((d) => {
    if (d.agent !== null && !agents.includes(d.agent)) return false;
    if (d.name === "noindex" || d.name === "none") return true;
    if (d.name !== "unavailable_after" || !d.value) return false;
    const at = Date.parse(d.value);
    return Number.isFinite(at) && at <= now.getTime();
  });
}
