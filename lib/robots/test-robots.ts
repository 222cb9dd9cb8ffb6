import type { OrgCtx } from "@/lib/core/context";
import { validationError, type ValidationIssue } from "@/lib/core/errors";
import { getDefaultFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { explainRobots } from "./explain";
import { fetchRobotsTxt, type LiveRobotsTxt } from "./fetch-robots-txt";
import { parseRobots } from "./parse";
import { resolveTestUrl } from "./resolve-test-url";
import { DEFAULT_TEST_USER_AGENT, RobotsTestResponse, type RobotsTestResponseInput, type TestRobotsBody } from "./schemas";
import { crawlerToken } from "./user-agent";

export type TestRobotsArgs = { ctx: OrgCtx; id: string; input: TestRobotsBody; fetcher?: SafeFetcher };

/**
 * POST …/robots/test: whether each URL may be crawled by the user agent under the project's live
 * robots.txt (fetched now, never cached: the user has just edited it) or under a pasted draft, with the
 * deciding group and rule. Reads only; the URLs are checked against the project domain before any fetch.
 */
export async function testRobots({ ctx, id, input, fetcher }: TestRobotsArgs): Promise<RobotsTestResponse> {
  const project = await getProjectOrThrow(ctx, id);
  const errors: ValidationIssue[] = [];
  const urls = input.urls.map((raw, i) => {
    const r = resolveTestUrl(raw, project.domain);
    if (!r.ok) errors.push({ path: `urls.${i}`, code: r.code, message: r.message });
    return r.ok ? r.url : "";
  });
  if (errors.length) throw validationError(`${errors.length} of ${urls.length} URLs cannot be tested for ${project.domain}`, errors);

  const userAgent = input.userAgent ?? DEFAULT_TEST_USER_AGENT;
  const token = crawlerToken(userAgent);
  const robotsUrl = `https://${project.domain}/robots.txt`;
  const file: LiveRobotsTxt = input.robotsTxt === undefined
    ? await fetchRobotsTxt(fetcher ?? getDefaultFetcher(), robotsUrl)
    : { robots: parseRobots(input.robotsTxt, { baseUrl: robotsUrl }), httpStatus: null, finalUrl: null, fetchError: null };

  const data: RobotsTestResponseInput = {
    source: input.robotsTxt === undefined ? "live" : "provided",
    robotsUrl, finalUrl: file.finalUrl, httpStatus: file.httpStatus, fetchError: file.fetchError,
    mode: file.robots.mode, truncated: file.robots.truncated, userAgent, productToken: token,
    results: urls.map((url) => ({ url, ...explainRobots(file.robots, token, url) })),
  };
  return RobotsTestResponse.parse(data);
}
