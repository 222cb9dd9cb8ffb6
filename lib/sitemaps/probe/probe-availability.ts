import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { fetchFailureInWords, httpStatusInWords, sentence } from "@/lib/net/failure-words";
import { getDefaultFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { consumeSiteFetch } from "@/lib/rate-limit/consume-site-fetch";
import { fetchRobots, is2xx, probeStatus } from "@/lib/sitemaps/sync/fetch-robots";
import { AvailabilityProbeResult } from "./schemas";

/**
 * POST availability/probe, allowed before ownership is verified: fetches https://{domain}/robots.txt,
 * https://{domain}/llms.txt and the project's sitemapUrl through the safe fetcher (concurrently; a
 * 2xx after redirects counts as present; bodies other than robots.txt's first 500 KiB are not read)
 * and stores robotsTxtPresent, llmsTxtPresent and lastAvailabilityCheckAt on the project. A site that does not
 * answer at all is not a site without those files: the flags are stored as null (unknown) and `problem` says why.
 */
export async function probeAvailability(ctx: OrgCtx, projectId: string, opts: { now?: Date; fetcher?: SafeFetcher } = {}): Promise<AvailabilityProbeResult> {
  const now = opts.now ?? new Date();
  const fetcher = opts.fetcher ?? getDefaultFetcher();
  const project = await getProjectOrThrow(ctx, projectId);
  if (ctx.actor.type !== "system") await consumeSiteFetch("probe", project);
  const [robots, llms, sitemap] = await Promise.all([
    fetchRobots(fetcher, project.domain),
    probeStatus(fetcher, `https://${project.domain}/llms.txt`),
    probeStatus(fetcher, project.sitemapUrl),
  ]);
  const siteReachable = robots.status !== null || llms.status !== null;
  const robotsTxtPresent = is2xx(robots.status);
  const llmsTxtPresent = is2xx(llms.status);
  await db.project.updateMany({
    where: { id: project.id, organizationId: project.organizationId, deletedAt: null },
    data: siteReachable ? { robotsTxtPresent, llmsTxtPresent, lastAvailabilityCheckAt: now } : { robotsTxtPresent: null, llmsTxtPresent: null, lastAvailabilityCheckAt: now },
  });
  const failure = robots.failure ?? llms.failure;
  return AvailabilityProbeResult.parse({
    robotsTxtPresent, llmsTxtPresent, sitemapPresent: is2xx(sitemap.status), robotsSitemapUrls: robots.sitemaps,
    siteReachable,
    problem: siteReachable || !failure ? null : sentence(`the site https://${project.domain} could not be reached: ${fetchFailureInWords(failure)}`),
    sitemapProblem: is2xx(sitemap.status) ? null
      : sitemap.status === 404 || sitemap.status === 410 ? sentence(`there is no sitemap at ${project.sitemapUrl} (HTTP ${sitemap.status})`)
        : sitemap.status !== null ? sentence(`the sitemap ${project.sitemapUrl} could not be read: ${httpStatusInWords(sitemap.status)}`)
          : sentence(`the sitemap ${project.sitemapUrl} could not be fetched: ${fetchFailureInWords(sitemap.failure ?? "connection")}`),
  });
}
