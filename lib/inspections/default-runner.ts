import { createAuditRunner } from "@/lib/audit/runner";
import { getDefaultRobotsCache } from "@/lib/audit/robots-cache";
import { getDefaultFetcher } from "@/lib/net/safe-fetch";
import type { AuditRunnerLike } from "./inspect-planned-project";

let runner: { fetcher: ReturnType<typeof getDefaultFetcher>; audit: AuditRunnerLike } | undefined;

/**
 * The process-wide audit runner: one safe fetcher and one robots.txt cache, so per-host limits hold across projects and
 * ticks. It follows the default fetcher, which follows the environment (`CONNECT_TO`, `DNS_SERVERS`): a runner made
 * before those changed never reaches the old targets.
 */
export function defaultAuditRunner(): AuditRunnerLike {
  const fetcher = getDefaultFetcher();
  if (runner?.fetcher !== fetcher) runner = { fetcher, audit: createAuditRunner({ fetcher, robots: getDefaultRobotsCache() }) };
  return runner.audit;
}
