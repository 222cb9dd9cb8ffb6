import type { AuditOutcome } from "@/lib/audit/types";
import { isNoindex, parseRobotsDirectives } from "@/lib/audit/robots-directives";
import { normalizeUrl } from "@/lib/urls/normalize-url";
import type { RemovalIntent } from "@/lib/db";

export type SiteVerdict = { confirmed: boolean; reason: string; httpStatus: number | null };

const PERMANENT = new Set([301, 308]);
const norm = (u: string) => { const r = normalizeUrl(u); return r.ok ? r.url : u; };

/**
 * Does the site itself say what the removal's intent says? Read from one audit of the URL (lib/audit, through
 * the safe fetcher): `gone` answers 404 or 410 without a redirect; `redirected` redirects permanently (301/308) to
 * its target (when one is recorded) and the target answers 2xx; `noindexed` serves noindex to both Googlebot and
 * Bingbot (meta robots or X-Robots-Tag); `blocked` is disallowed for both by robots.txt. The reason says what the
 * audit saw, in words a person reads ("still answers 200", "the redirect target answers 404").
 */
export function judgeSite(intent: RemovalIntent, expectedTarget: string | null, o: AuditOutcome): SiteVerdict {
  const status = typeof o.httpStatus === "number" ? o.httpStatus : null;
  const blockedFor = o.robots?.blockedFor ?? [];
  if (intent === "blocked") {
    const google = blockedFor.includes("engineA");
    const bing = blockedFor.includes("engineB");
    if (google && bing) return { confirmed: true, reason: "robots.txt disallows Googlebot and Bingbot", httpStatus: status };
    if (!o.robots || o.robots.status === "unreachable") return { confirmed: false, reason: "robots.txt could not be read", httpStatus: status };
    return { confirmed: false, reason: google ? "robots.txt still allows Bingbot" : bing ? "robots.txt still allows Googlebot" : "robots.txt still allows Googlebot and Bingbot", httpStatus: status };
  }
  if (!o.fetched || status === null) return { confirmed: false, reason: notChecked(o), httpStatus: status };
  if (o.wafVendor) return { confirmed: false, reason: `a bot challenge (${o.wafVendor}) hides the page from our audit`, httpStatus: status };
  const hops = o.hops ?? [];
  const redirected = (o.redirectHops ?? 0) > 0 && typeof o.redirectTarget === "string";

  if (intent === "gone") {
    if (!redirected && (status === 404 || status === 410)) return { confirmed: true, reason: `answers ${status}`, httpStatus: status };
    if (redirected) return { confirmed: false, reason: `redirects to ${o.redirectTarget} instead of answering 404 or 410`, httpStatus: status };
    return { confirmed: false, reason: `still answers ${status}`, httpStatus: status };
  }
  if (intent === "redirected") {
    if (!redirected) return { confirmed: false, reason: status === 404 || status === 410 ? `answers ${status} instead of redirecting` : `still answers ${status}`, httpStatus: status };
    const first = hops[0]?.status;
    if (first !== undefined && !PERMANENT.has(first)) return { confirmed: false, reason: `the redirect is temporary (${first}), not permanent`, httpStatus: status };
    if (expectedTarget && norm(o.redirectTarget as string) !== norm(expectedTarget)) {
      return { confirmed: false, reason: `redirects to ${o.redirectTarget}, not to ${expectedTarget}`, httpStatus: status };
    }
    if (status < 200 || status >= 300) return { confirmed: false, reason: `the redirect target answers ${status}`, httpStatus: status };
    return { confirmed: true, reason: `redirects permanently to ${o.redirectTarget}`, httpStatus: status };
  }
  // noindexed
  if (!redirected && (status === 404 || status === 410)) return { confirmed: true, reason: `answers ${status} (gone: it leaves the index too)`, httpStatus: status };
  if (redirected) return { confirmed: false, reason: `redirects to ${o.redirectTarget}: the noindex is not served on the URL itself`, httpStatus: status };
  if (status < 200 || status >= 300) return { confirmed: false, reason: `answers ${status}`, httpStatus: status };
  const directives = [
    ...(o.xRobotsTag ? parseRobotsDirectives(o.xRobotsTag) : []),
    ...(o.metaRobots ? parseRobotsDirectives(o.metaRobots) : []),
  ];
  const at = o.checkedAt;
  const google = isNoindex(directives, ["googlebot"], at);
  const bing = isNoindex(directives, ["bingbot"], at);
  if (google && bing) return { confirmed: true, reason: "serves noindex to Googlebot and Bingbot", httpStatus: status };
  if (google) return { confirmed: false, reason: "serves noindex to Googlebot only, not to Bingbot", httpStatus: status };
  if (bing) return { confirmed: false, reason: "serves noindex to Bingbot only, not to Googlebot", httpStatus: status };
  return { confirmed: false, reason: `still answers ${status} without noindex`, httpStatus: status };
}

/**
 * Why the audit did not fetch the page. A robots.txt we could not read (unreachable, 5xx, 429: RFC 9309 makes that
 * a full disallow) says so with what went wrong; only a rule actually read is reported as one.
 */
function notChecked(o: AuditOutcome): string {
  const robots = o.robots;
  if (!o.fetched && robots && (robots.status === "unreachable" || robots.status >= 500 || robots.status === 429)) {
    const why = robots.status === "unreachable" ? (o.healthError?.match(/^robots\.txt: unreachable \((.*)\)$/)?.[1] ?? "no answer") : `it answers ${robots.status}`;
    return `robots.txt could not be read (${why}): the page was not checked`;
  }
  if (!o.fetched && robots?.blockedFor.length) {
    const who = robots.blockedFor.length === 2 ? "Googlebot and Bingbot" : robots.blockedFor[0] === "engineA" ? "Googlebot" : "Bingbot";
    return `robots.txt disallows ${who}${robots.rule ? ` (line ${robots.rule.line}: Disallow: ${robots.rule.value})` : ""}: the page was not fetched`;
  }
  if (!o.fetched && o.healthError?.startsWith("robots.txt: disallowed for ")) return "robots.txt keeps our crawler out: the page cannot be checked";
  const why = o.healthError ? o.healthError.replace(/^[a-z_]+: /, "") : "no answer";
  return `our audit got no answer (${why})`;
}
