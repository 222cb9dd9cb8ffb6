import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { getDefaultFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { answers2xx, fetchRobots } from "@/lib/sitemaps/sync/fetch-robots";
import { AvailabilityProbeResult } from "./schemas";

/**
 * POST availability/probe, allowed before ownership is verified: fetches https://{domain}/robots.txt,
 * https://{domain}/llms.txt and the project's sitemapUrl through the safe fetcher (concurrently; a
 * 2xx after redirects counts as present; bodies other than robots.txt's first 500 KiB are not read)
 * and stores robotsTxtPresent, llmsTxtPresent and lastAvailabilityCheckAt on the project.
 */
export async function probeAvailability(ctx: OrgCtx, projectId: string, opts: { now?: Date; fetcher?: SafeFetcher } = {}): Promise<AvailabilityProbeResult> {
  const now = opts.now ?? new Date();
  const fetcher = opts.fetcher ?? getDefaultFetcher();
  const project = await getProjectOrThrow(ctx, projectId);
  const [robots, llmsTxtPresent, sitemapPresent] = await Promise.all([
    fetchRobots(fetcher, project.domain),
    answers2xx(fetcher, `https://${project.domain}/llms.txt`),
    answers2xx(fetcher, project.sitemapUrl),
  ]);
  const robotsTxtPresent = robots.status !== null && robots.status >= 200 && robots.status < 300;
  await db.project.updateMany({
    where: { id: project.id, organizationId: project.organizationId, deletedAt: null },
    data: { robotsTxtPresent, llmsTxtPresent, lastAvailabilityCheckAt: now },
  });
  return AvailabilityProbeResult.parse({ robotsTxtPresent, llmsTxtPresent, sitemapPresent, robotsSitemapUrls: robots.sitemaps });
}
