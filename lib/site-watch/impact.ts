import { Prisma, sqlCursor } from "@/lib/db";
import { AI_CRAWLERS } from "@/lib/crawl-logs/identify/get-ai-crawlers";
import { comparedFromPath, longestMatchAllows, readingFor, robotsPath, rulesForAgent, type RobotsReading } from "@/lib/robots/decide";
import type { RobotsRule, RobotsTxt } from "@/lib/robots/parse";

// What a robots.txt change does to the project's tracked URLs: each URL is judged under the old and the new file
// for Googlebot (Google's reading), Bingbot and each AI crawler we name (RFC 9309), streamed through a cursor so
// 1,000,000 URLs stay within a few tens of MB. Agents whose rules did not change are skipped, and agents that
// share rules (most AI crawlers fall back to the `*` group) are judged once per URL.

export const SAMPLE = 10;
// Rows per FETCH of the cursor (each row is judged as it arrives, none is kept: the page size no longer sets the memory).
const PAGE = 1_000;

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

/** Whether a judge allows a compared path, as lib/robots isAllowed decides (`/robots.txt` itself is always allowed, checked by the caller). */
function allows(j: Judge, path: string): boolean {
  if (j.mode === "allow_all") return true;
  if (j.mode === "disallow_all") return false;
  return longestMatchAllows(j.rules, path);
}

/**
 * The judges of one reading, with the memo that is valid for them: when every pattern is a plain prefix (no `*`
 * inside, no `$`; a trailing `*` matches what its prefix matches), a path's verdicts depend only on its first
 * `prefixLength` characters, so the verdicts are kept per such prefix (a section of a million URLs shares a handful).
 */
type ReadingJudges = { reading: RobotsReading; judges: Judge[]; prefixLength: number | null; memo: Map<string, boolean[]>; scratch: boolean[] };

const MEMO_MAX = 100_000;

function readingJudges(reading: RobotsReading, judges: Judge[]): ReadingJudges {
  let prefixLength: number | null = 0;
  for (const j of judges) {
    for (const r of j.rules) {
      const p = r.pattern.replace(/\*+$/, "");
      if (p.includes("*") || p.includes("$")) prefixLength = null;
      else if (prefixLength !== null) prefixLength = Math.max(prefixLength, r.pattern.length);
    }
  }
  return { reading, judges, prefixLength, memo: new Map(), scratch: new Array<boolean>(judges.length) };
}

function verdictsOf(rj: ReadingJudges, path: string): boolean[] {
  if (rj.prefixLength === null) {
    for (let k = 0; k < rj.judges.length; k++) rj.scratch[k] = allows(rj.judges[k], path);
    return rj.scratch;
  }
  const key = path.length > rj.prefixLength ? path.slice(0, rj.prefixLength) : path;
  let v = rj.memo.get(key);
  if (!v) {
    v = rj.judges.map((j) => allows(j, path));
    if (rj.memo.size >= MEMO_MAX) rj.memo.clear();
    rj.memo.set(key, v);
  }
  return v;
}

const empty = (): AgentImpact => ({ newlyBlocked: 0, newlyAllowed: 0, highPriorityBlocked: 0, impressions28dBlocked: 0, clicks28dBlocked: 0, sampleUrls: [] });

/**
 * Runs `before` and `after` over every tracked URL of the project on the watched host (any scheme; robots.txt
 * governs its own host) and counts, per agent, the URLs newly blocked and newly allowed, the high-priority ones
 * blocked and their impressions and clicks of the last 28 days. Samples put important URLs first.
 * The URLs are streamed through one server-side cursor (the table read in its physical order, PAGE rows at a
 * time, only the four columns needed): nothing grows with the project but the counters and the prefix memo.
 */
export async function computeRobotsImpact(projectId: string, host: string, before: RobotsTxt, after: RobotsTxt): Promise<RobotsImpact> {
  const started = performance.now();
  const agents = IMPACT_AGENTS.map((a) => ({ agent: a, old: judgeOf(before, a.token), now: judgeOf(after, a.token), impact: empty(), samplesPlain: [] as string[] }));
  const changing = agents.filter((a) => a.old.key !== a.now.key);
  const state = { importantBlocked: 0, importantSample: [] as string[], scanned: 0 };
  if (changing.length) {
    const judge = judgeUrls(changing);
    const wantedHost = host.toLowerCase();
    await sqlCursor<[string, boolean, number, number]>(Prisma.sql`
      SELECT url, priority IS NOT DISTINCT FROM 'high'::"UrlPriority", coalesce(impressions_28d, 0), coalesce(clicks_28d, 0)
      FROM tracked_urls WHERE project_id = ${projectId}::uuid`, PAGE, (row) => {
      if (onHost(row[0], wantedHost)) countUrl(changing, judge, row, state);
    });
  }
  for (const a of agents) a.impact.sampleUrls.push(...a.samplesPlain.slice(0, SAMPLE - a.impact.sampleUrls.length));
  const of = (name: string) => agents.find((a) => a.agent.name === name)!.impact;
  return {
    googlebot: of("googlebot"),
    bingbot: of("bingbot"),
    ai: agents.slice(2).map((a) => ({ crawler: a.agent.name, operator: a.agent.operator ?? "", ...a.impact })),
    importantBlocked: state.importantBlocked,
    importantSampleUrls: state.importantSample,
    urlsScanned: state.scanned,
    durationMs: Math.round(performance.now() - started),
  };
}

type Changing = { agent: Agent; old: Judge; now: Judge; impact: AgentImpact; samplesPlain: string[] };

/** Whether the URL's host (between `//` and the next `/`, any case) is `host` (lower case); no string made when it is already lower case. */
function onHost(url: string, host: string): boolean {
  const from = url.indexOf("//") + 2;
  const hostEnd = url.indexOf("/", from);
  const end = hostEnd < 0 ? url.length : hostEnd;
  if (end - from !== host.length) return false;
  return url.startsWith(host, from) || url.slice(from, end).toLowerCase() === host;
}

/**
 * A function that judges a URL under every distinct rule set of the changing agents (agents that share rules are
 * judged once) and answers each agent's old and new verdicts as indexes into one array of verdicts.
 */
function judgeUrls(changing: Changing[]) {
  const distinct = new Map<string, Judge>();
  for (const a of changing) {
    distinct.set(a.old.key, a.old);
    distinct.set(a.now.key, a.now);
  }
  const byReading = (["google", "rfc9309"] as const)
    .map((r) => readingJudges(r, [...distinct.values()].filter((j) => j.reading === r)))
    .filter((rj) => rj.judges.length);
  const slot = new Map<string, number>();
  for (const rj of byReading) for (const j of rj.judges) slot.set(j.key, slot.size);
  const pairs = changing.map((a) => [slot.get(a.old.key)!, slot.get(a.now.key)!] as const);
  const verdicts: boolean[] = new Array(slot.size);
  return {
    pairs,
    verdicts(url: string): boolean[] {
      let i = 0;
      const raw = robotsPath(url);
      for (const rj of byReading) {
        const path = comparedFromPath(raw, rj.reading);
        const v = isRobotsFile(path) ? null : verdictsOf(rj, path);
        for (let k = 0; k < rj.judges.length; k++) verdicts[i++] = v ? v[k] : true;
      }
      return verdicts;
    },
  };
}

/** Whether a compared path is robots.txt itself (any query), which every agent may fetch. */
const isRobotsFile = (path: string) => path.startsWith(ROBOTS_FILE) && (path.length === ROBOTS_FILE.length || path.charCodeAt(ROBOTS_FILE.length) === 63);
const ROBOTS_FILE = "/robots.txt";

function countUrl(
  changing: Changing[], judge: ReturnType<typeof judgeUrls>, [url, high, impressions, clicks]: [string, boolean, number, number],
  state: { importantBlocked: number; importantSample: string[]; scanned: number },
) {
  state.scanned++;
  const v = judge.verdicts(url);
  const important = high || impressions > 0;
  let searchBlocked = false;
  for (let i = 0; i < changing.length; i++) {
    const was = v[judge.pairs[i][0]];
    const is = v[judge.pairs[i][1]];
    if (was === is) continue;
    const a = changing[i];
    if (is) {
      a.impact.newlyAllowed++;
      continue;
    }
    a.impact.newlyBlocked++;
    if (high) a.impact.highPriorityBlocked++;
    a.impact.impressions28dBlocked += impressions;
    a.impact.clicks28dBlocked += clicks;
    if (important && a.impact.sampleUrls.length < SAMPLE) a.impact.sampleUrls.push(url);
    else if (!important && a.samplesPlain.length < SAMPLE) a.samplesPlain.push(url);
    if (important && (a.agent.name === "googlebot" || a.agent.name === "bingbot")) searchBlocked = true;
  }
  if (searchBlocked) {
    state.importantBlocked++;
    if (state.importantSample.length < SAMPLE) state.importantSample.push(url);
  }
}
