import type { OrgCtx } from "@/lib/core/context";
import { validationError } from "@/lib/core/errors";
import { getDefaultFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { consumeSiteFetch } from "@/lib/rate-limit/consume-site-fetch";
import { readingFor } from "./decide";
import { explainRobots } from "./explain";
import { fetchRobotsTxt, type LiveRobotsTxt } from "./fetch-robots-txt";
import { parseRobots, type RobotsTxt } from "./parse";
import { resolveTestUrl } from "./resolve-test-url";
import { DEFAULT_TEST_USER_AGENT, RobotsTestResponse, type RobotsTestResponseInput, type TestRobotsBody } from "./schemas";
import { crawlerToken } from "./user-agent";

export type TestRobotsArgs = { ctx: OrgCtx; id: string; input: TestRobotsBody; fetcher?: SafeFetcher };
type Result = RobotsTestResponseInput["results"][number];

/**
 * POST …/robots/test: whether each URL may be crawled by the user agent under the project's live
 * robots.txt (fetched now, never cached: the user has just edited it) or under a pasted draft, with the
 * deciding group and rule. URLs that cannot be tested for the project are listed apart (`invalidUrls`) and
 * the others are tested; only a request with nothing testable is a 400. Google's crawlers are judged as
 * Google's parser reads the file, with the standard verdict beside it where the two differ. Reads only.
 */
export async function testRobots({ ctx, id, input, fetcher }: TestRobotsArgs): Promise<RobotsTestResponse> {
  const project = await getProjectOrThrow(ctx, id);
  const resolved = input.urls.map((raw, index) => ({ index, raw, r: resolveTestUrl(raw, project.domain) }));
  const invalidUrls = resolved.flatMap(({ index, raw, r }) => (r.ok ? [] : [{ index, input: raw, code: r.code, message: r.message }]));
  const testable = resolved.flatMap(({ index, r }) => (r.ok ? [{ index, url: r.url }] : []));
  if (testable.length === 0) {
    throw validationError(`None of the ${input.urls.length} URLs can be tested for ${project.domain}`,
      invalidUrls.map((u) => ({ path: `urls.${u.index}`, code: u.code, message: u.message })));
  }

  // A draft is tested here; only the live file is fetched, so only that counts against the site's brake.
  if (input.robotsTxt === undefined && ctx.actor.type !== "system") await consumeSiteFetch("robots_test", project);
  const userAgent = input.userAgent ?? DEFAULT_TEST_USER_AGENT;
  const token = crawlerToken(userAgent);
  const robotsUrl = `https://${project.domain}/robots.txt`;
  const file: LiveRobotsTxt = input.robotsTxt === undefined
    ? await fetchRobotsTxt(fetcher ?? getDefaultFetcher(), robotsUrl)
    : { robots: parseRobots(input.robotsTxt, { baseUrl: robotsUrl }), httpStatus: null, finalUrl: null, fetchError: null };
  const parser = readingFor(file.robots, token);

  const data: RobotsTestResponseInput = {
    source: input.robotsTxt === undefined ? "live" : "provided",
    robotsUrl, finalUrl: file.finalUrl, httpStatus: file.httpStatus, fetchError: file.fetchError,
    mode: file.robots.mode, truncated: file.robots.truncated, userAgent, productToken: token, parser,
    results: testable.map(({ index, url }) => judge(file.robots, token, url, index, parser)),
    invalidUrls,
    googleNotes: parser === "google" ? file.robots.google?.notes ?? [] : [],
  };
  return RobotsTestResponse.parse(data);
}

/** One URL's verdict; for a Google crawler also the standard one where it differs, and why, in words. */
function judge(robots: RobotsTxt, token: string, url: string, index: number, parser: "google" | "rfc9309"): Result {
  const verdict = explainRobots(robots, token, url, parser);
  const result: Result = { index, url, ...verdict, standard: null, difference: null };
  if (parser !== "google") return result;
  const standard = explainRobots(robots, token, url, "rfc9309");
  if (standard.allowed === verdict.allowed && standard.rule?.line === verdict.rule?.line) return result;
  const lines = [verdict.rule?.line, standard.rule?.line];
  const note = robots.google?.notes.find((n) => lines.includes(n.line));
  const why = note
    ? `Google reads line ${note.line} differently from the standard: ${note.message}`
    : "Google compares the URL's percent-encoding as written, where the standard decodes escaped letters, digits and “-._~” first.";
  const rule = standard.rule ? ` (line ${standard.rule.line}: ${standard.rule.directive === "allow" ? "Allow" : "Disallow"}: ${standard.rule.value})` : "";
  const outcome = standard.allowed === verdict.allowed
    ? `The standard reading reaches the same verdict through another line${rule}.`
    : `The standard reading (RFC 9309) would ${standard.allowed ? "allow" : "block"} it${rule}.`;
  return { ...result, standard: { allowed: standard.allowed, reason: standard.reason, rule: standard.rule }, difference: `${why} ${outcome}` };
}
