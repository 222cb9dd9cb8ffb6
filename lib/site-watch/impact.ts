import { Prisma, sqlRows } from "@/lib/db";
import { AI_CRAWLERS } from "@/lib/crawl-logs/identify/get-ai-crawlers";
import { comparedPath, longestMatchAllows, readingFor, rulesForAgent, type RobotsReading } from "@/lib/robots/decide";
import type { RobotsRule, RobotsTxt } from "@/lib/robots/parse";

// What a robots.txt change does to the project's tracked URLs: each URL is judged under the old and the new file
// for Googlebot (Google's reading), Bingbot and each AI crawler we name (RFC 9309), streamed in keyset pages so
// 1,000,000 URLs stay within a few hundred MB. Agents whose rules did not change are skipped, and agents that
// share rules (most AI crawlers fall back to the `*` group) are judged once per URL.

export const SAMPLE = 10;
const PAGE = 20_000;

export type AgentImpact = {
  newlyBlocked: number;
  newlyAllowed: number;
  highPriorityBlocked: number;
  impressions28dBlocked: number;
  clicks28dBlocked: number;
  sampleUrls: string[];
};
export type RobotsImpact = {
  googlebot: AgentImpact;
  bingbot: AgentImpact;
  ai: (AgentImpact & { crawler: string; operator: string })[];
  /** Distinct URLs newly blocked for Googlebot or Bingbot that are high priority or had impressions in 28 days. */
  importantBlocked: number;
  importantSampleUrls: string[];
  urlsScanned: number;
  durationMs: number;
};

type Judge = { key: string; mode: RobotsTxt["mode"]; reading: RobotsReading; rules: RobotsRule[] };
type Agent = { name: string; operator?: string; token: string };

export const IMPACT_AGENTS: Agent[] = [
  { name: "googlebot", token: "Googlebot" },
  { name: "bingbot", token: "Bingbot" },
  ...AI_CRAWLERS.map((c) => ({ name: c.token, operator: c.operator, token: c.token })),
];

function judgeOf(robots: RobotsTxt, token: string): Judge {
  if (robots.mode !== "rules") return { key: robots.mode, mode: robots.mode, reading: "rfc9309", rules: [] };
  const reading = readingFor(robots, token);
  const rules = rulesForAgent(robots, token, reading);
  return { key: `${reading}|${JSON.stringify(rules.map((r) => [r.allow ? 1 : 0, r.pattern]))}`, mode: robots.mode, reading, rules };
}

/** Whether a judge allows a path, as lib/robots isAllowed decides (compared paths computed once per URL and reading). */
function allows(j: Judge, paths: Record<RobotsReading, string>): boolean {
  if (j.mode === "allow_all") return true;
  const path = paths[j.reading];
  const q = path.indexOf("?");
  if ((q < 0 ? path : path.slice(0, q)) === "/robots.txt") return true;
  if (j.mode === "disallow_all") return false;
  return longestMatchAllows(j.rules, path);
}

const empty = (): AgentImpact => ({ newlyBlocked: 0, newlyAllowed: 0, highPriorityBlocked: 0, impressions28dBlocked: 0, clicks28dBlocked: 0, sampleUrls: [] });

/**
 * Runs `before` and `after` over every tracked URL of the project on the watched host (any scheme; robots.txt
 * governs its own host) and counts, per agent, the URLs newly blocked and newly allowed, the high-priority ones
 * blocked and their impressions and clicks of the last 28 days. Samples put important URLs first.
 */
export async function computeRobotsImpact(projectId: string, host: string, before: RobotsTxt, after: RobotsTxt): Promise<RobotsImpact> {
  const started = performance.now();
  const agents = IMPACT_AGENTS.map((a) => ({ agent: a, old: judgeOf(before, a.token), now: judgeOf(after, a.token), impact: empty(), samplesPlain: [] as string[] }));
  const changing = agents.filter((a) => a.old.key !== a.now.key);
  // Distinct judges: a URL is judged once per distinct rule set.
  const judges = new Map<string, Judge>();
  for (const a of changing) {
    judges.set(a.old.key, a.old);
    judges.set(a.now.key, a.now);
  }
  const importantSample: string[] = [];
  let importantBlocked = 0;
  let scanned = 0;
  const wantedHost = host.toLowerCase();

  if (changing.length) {
    let after_: string | null = null;
    const verdict = new Map<string, boolean>();
    for (;;) {
      const rows: [string, string | null, number, number][] = await sqlRows<[string, string | null, number, number]>(Prisma.sql`
        SELECT url, priority::text, coalesce(impressions_28d, 0), coalesce(clicks_28d, 0) FROM tracked_urls
        WHERE project_id = ${projectId}::uuid ${after_ === null ? Prisma.empty : Prisma.sql`AND url > ${after_}`}
        ORDER BY url LIMIT ${PAGE}`, undefined, { rowMode: "array" });
      for (const [url, priority, impressions, clicks] of rows) {
        const hostEnd = url.indexOf("/", url.indexOf("//") + 2);
        const urlHost = url.slice(url.indexOf("//") + 2, hostEnd < 0 ? undefined : hostEnd).toLowerCase();
        if (urlHost !== wantedHost) continue;
        scanned++;
        const paths = { google: comparedPath(url, "google"), rfc9309: comparedPath(url, "rfc9309") };
        verdict.clear();
        for (const [key, j] of judges) verdict.set(key, allows(j, paths));
        const important = priority === "high" || impressions > 0;
        let searchBlocked = false;
        for (const a of changing) {
          const was = verdict.get(a.old.key)!;
          const is = verdict.get(a.now.key)!;
          if (was === is) continue;
          if (is) {
            a.impact.newlyAllowed++;
            continue;
          }
          a.impact.newlyBlocked++;
          if (priority === "high") a.impact.highPriorityBlocked++;
          a.impact.impressions28dBlocked += impressions;
          a.impact.clicks28dBlocked += clicks;
          if (important && a.impact.sampleUrls.length < SAMPLE) a.impact.sampleUrls.push(url);
          else if (!important && a.samplesPlain.length < SAMPLE) a.samplesPlain.push(url);
          if (important && (a.agent.name === "googlebot" || a.agent.name === "bingbot")) searchBlocked = true;
        }
        if (searchBlocked) {
          importantBlocked++;
          if (importantSample.length < SAMPLE) importantSample.push(url);
        }
      }
      if (rows.length < PAGE) break;
      after_ = rows[rows.length - 1][0];
    }
  }
  for (const a of agents) a.impact.sampleUrls.push(...a.samplesPlain.slice(0, SAMPLE - a.impact.sampleUrls.length));
  const of = (name: string) => agents.find((a) => a.agent.name === name)!.impact;
  return {
    googlebot: of("googlebot"),
    bingbot: of("bingbot"),
    ai: agents.slice(2).map((a) => ({ crawler: a.agent.name, operator: a.agent.operator ?? "", ...a.impact })),
    importantBlocked,
    importantSampleUrls: importantSample,
    urlsScanned: scanned,
    durationMs: Math.round(performance.now() - started),
  };
}
