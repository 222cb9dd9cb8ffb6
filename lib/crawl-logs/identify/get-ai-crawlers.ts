import type { OrgCtx } from "@/lib/core/context";
import { dbOf, Prisma } from "@/lib/db";
import { getDefaultFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { isAllowed } from "@/lib/robots";
import { fetchRobotsTxt } from "@/lib/robots/fetch-robots-txt";
import { AiCrawlersResponse } from "../schemas";

/** The AI crawlers' robots.txt product tokens, their operator and the family their hits are counted under (null: a robots-only token). */
export const AI_CRAWLERS: readonly { token: string; operator: string; family: string | null }[] = [
  { token: "GPTBot", operator: "OpenAI", family: "gptbot" },
  { token: "OAI-SearchBot", operator: "OpenAI", family: "oai_searchbot" },
  { token: "ChatGPT-User", operator: "OpenAI", family: "chatgpt_user" },
  { token: "ClaudeBot", operator: "Anthropic", family: "claudebot" },
  { token: "Claude-User", operator: "Anthropic", family: "claudebot" },
  { token: "Claude-SearchBot", operator: "Anthropic", family: "claudebot" },
  { token: "PerplexityBot", operator: "Perplexity", family: "perplexitybot" },
  { token: "Perplexity-User", operator: "Perplexity", family: "perplexitybot" },
  { token: "Google-Extended", operator: "Google", family: null },
  { token: "Applebot-Extended", operator: "Apple", family: null },
  { token: "CCBot", operator: "Common Crawl", family: "ccbot" },
  { token: "Bytespider", operator: "ByteDance", family: "bytespider" },
  { token: "Amazonbot", operator: "Amazon", family: "amazonbot" },
  { token: "meta-externalagent", operator: "Meta", family: "meta_external" },
];

/**
 * The AI crawler access matrix: for each AI crawler token, whether the live robots.txt lets it fetch
 * the home page (our robots engine, RFC 9309), and its family's verified hits in 30 days and last fetch.
 * Hits are counted per family: tokens of one operator's family (Claude-User, ClaudeBot) share them.
 */
export async function getAiCrawlers(ctx: OrgCtx, projectId: string, opts: { fetcher?: SafeFetcher; now?: Date } = {}) {
  const project = await getProjectOrThrow(ctx, projectId);
  const now = opts.now ?? new Date();
  const since = new Date(now.getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
  const robotsUrl = `https://${project.domain}/robots.txt`;
  const [live, rows] = await Promise.all([
    fetchRobotsTxt(opts.fetcher ?? getDefaultFetcher(), robotsUrl),
    dbOf(ctx).$queryRaw<{ family: string; hits: number; other: number; seen: Date | null }[]>(Prisma.sql`
      SELECT family, sum(verified_hits)::int AS hits, sum(other_hits)::int AS other, max(last_seen_at) FILTER (WHERE verified_hits + other_hits > 0) AS seen
      FROM crawl_project_days WHERE project_id = ${project.id}::uuid AND day >= ${since}::date GROUP BY family`),
  ]);
  const byFamily = new Map(rows.map((r) => [r.family, r]));
  const unknown = live.httpStatus === null && live.fetchError !== null;
  return AiCrawlersResponse.parse({
    robotsUrl, robotsStatus: live.httpStatus, robotsError: live.fetchError,
    crawlers: AI_CRAWLERS.map((c) => {
      const r = c.family ? byFamily.get(c.family) : undefined;
      return {
        token: c.token, name: c.token, operator: c.operator, family: c.family,
        allowed: unknown ? null : isAllowed(live.robots, c.token, "/"),
        verifiedHits30d: r?.hits ?? 0, otherHits30d: r?.other ?? 0, lastSeenAt: r?.seen ? r.seen.toISOString() : null,
      };
    }),
  });
}
