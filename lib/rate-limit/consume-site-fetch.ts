import type { ErrorCode } from "@/lib/core/errors";
import { consumeOne } from "./consume-one";
import { rateLimits } from "./limiters";

/** The on-demand actions that fetch a customer's site, as their refusals name them. */
const ACTIONS = { probe: "availability checks", robots_test: "live robots.txt tests", verify_key: "IndexNow key checks", sync: "sitemap syncs" } as const;
export type SiteFetchAction = keyof typeof ACTIONS;

/**
 * The brake on fetches of a customer's site asked for on demand: each action at most RATE_LIMIT_SITE_FETCHES_PER_MINUTE
 * (6) a minute per project and domain, whatever its outcome (a failing sync counts). Beyond it, 429 (`code`) with
 * Retry-After and `meta.retryAfterSeconds`; nothing is fetched.
 */
export async function consumeSiteFetch(action: SiteFetchAction, project: { id: string; domain: string }, code: ErrorCode = "RATE_LIMITED"): Promise<void> {
  await consumeOne(rateLimits().siteFetches, `${action}:${project.id}:${project.domain.toLowerCase()}`,
    (retryIn, limit) => `At most ${limit} ${ACTIONS[action]} a minute for ${project.domain}; try again in ${retryIn}`, code);
}
