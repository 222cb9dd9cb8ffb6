import { normalizeUrl } from "@/lib/urls/normalize-url";
import { canonicalFromLinkHeader } from "./link-header";
import { resolve } from "./parse-head";
import type { PageRead } from "./read-page";
import { INDEXING_AGENTS, isNoindex, parseRobotsDirectives } from "./robots-directives";
import type { AuditIssueType, AuditOutcome, FinalAnswer } from "./types";

type Indexing = Pick<AuditOutcome, "indexability" | "canonicalUrl" | "metaRobots" | "xRobotsTag"> & { detected: AuditIssueType[] };

/**
 * Indexability of a 2xx answer for Google's and Bing's crawlers: noindex (X-Robots-Tag or
 * robots meta tags, either engine), else canonicalized (the canonical differs from the final URL),
 * else indexable. The head's `<link rel=canonical>` wins over a `Link` header; a non-HTML answer
 * is judged by its headers alone.
 */
export function judgeIndexability(answer: FinalAnswer, page: PageRead, now: Date): Indexing {
  const xRobotsTag = answer.headers["x-robots-tag"]?.trim() || null;
  const metas = page.head?.robotsMeta ?? [];
  const metaRobots = metas.length > 0 ? metas.map((m) => (m.name === "robots" ? m.content : `${m.name}: ${m.content}`)).join(", ") : null;
  const directives = [
    ...(xRobotsTag ? parseRobotsDirectives(xRobotsTag) : []),
    ...metas.flatMap((m) => parseRobotsDirectives(m.content, m.name === "robots" ? null : m.name)),
  ];
  const fromHeader = canonicalFromLinkHeader(answer.headers.link);
  const canonical = page.head?.canonical ?? (fromHeader === null ? null : resolve(fromHeader, answer.finalUrl));
  const canonicalUrl = canonical === null ? null : normalized(canonical);

  if (isNoindex(directives, INDEXING_AGENTS, now)) return { indexability: "noindex", canonicalUrl, metaRobots, xRobotsTag, detected: ["has_noindex"] };
  if (canonicalUrl !== null && canonicalUrl !== normalized(answer.finalUrl)) {
    return { indexability: "canonicalized", canonicalUrl, metaRobots, xRobotsTag, detected: ["canonical_mismatch"] };
  }
  return { indexability: "indexable", canonicalUrl, metaRobots, xRobotsTag, detected: [] };
}

function normalized(url: string): string {
  const result = normalizeUrl(url);
  return result.ok ? result.url : url;
}
