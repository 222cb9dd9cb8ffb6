import { createAuditRunner } from "@/lib/audit/runner";
import { getDefaultRobotsCache } from "@/lib/audit/robots-cache";
import { getDefaultFetcher } from "@/lib/net/safe-fetch";
import type { AuditRunnerLike } from "./inspect-planned-project";

let runner: AuditRunnerLike | undefined;

/** The process-wide audit runner: one safe fetcher and one robots.txt cache, so per-host limits hold across projects and ticks. */
export function defaultAuditRunner(): AuditRunnerLike {
  if (!runner) runner = createAuditRunner({ fetcher: getDefaultFetcher(), robots: getDefaultRobotsCache() });
  return runner;
}
