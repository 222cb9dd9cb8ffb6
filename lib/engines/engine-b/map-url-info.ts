import { crawlIssueBlocksServing } from "./get-crawl-issues";
import type { EngineBUrlInfo } from "./get-url-info";

export type EngineBState = "unknown" | "indexed" | "not_indexed" | "submitted" | "blocked" | "error";
export type EngineBDecider = "no_answer" | "crawlIssue" | "DocumentSize" | "LastCrawledDate" | "HttpStatus" | "DiscoveryDate" | "empty_record";

export type EngineBObservation = {
  state: EngineBState;
  decidedBy: EngineBDecider;
  /** False for an empty or failed answer: keep the URL's last definitive state (never flip indexed). */
  definitive: boolean;
  raw: {
    HttpStatus: number | null; DocumentSize: number | null; DiscoveryDate: string | null; LastCrawledDate: string | null;
    IssueType: string | null;
  };
};

/**
 * The production clients' derivation (ENGINES.md; the service has no "in index" flag):
 * DocumentSize > 0 → indexed; else LastCrawledDate set and HttpStatus < 400 → indexed;
 * else DiscoveryDate only → not indexed; otherwise no definitive answer. Two additions of ours:
 * a crawl issue that blocks serving → blocked, and a crawl answered with HttpStatus ≥ 400 → error.
 */
export function mapUrlInfoToEngineBState(info: EngineBUrlInfo | null | undefined, crawlIssueTypes?: readonly string[] | null): EngineBObservation {
  const raw = {
    HttpStatus: info?.httpStatus ?? null, DocumentSize: info?.documentSize ?? null,
    DiscoveryDate: info?.discoveryDate?.toISOString() ?? null, LastCrawledDate: info?.lastCrawledDate?.toISOString() ?? null,
    IssueType: crawlIssueTypes?.length ? crawlIssueTypes.join(" ") : null,
  };
  const out = (state: EngineBState, decidedBy: EngineBDecider, definitive = true): EngineBObservation => ({ state, decidedBy, definitive, raw });

  if (crawlIssueTypes && crawlIssueBlocksServing(crawlIssueTypes)) return out("blocked", "crawlIssue");
  if (!info) return out("unknown", "no_answer", false);

  const status = info.httpStatus ?? 0;
  if ((info.documentSize ?? 0) > 0) return out("indexed", "DocumentSize");
  if (info.lastCrawledDate && status > 0 && status < 400) return out("indexed", "LastCrawledDate");
  if (info.lastCrawledDate && status >= 400) return out("error", "HttpStatus");
  if (info.discoveryDate && !info.lastCrawledDate) return out("not_indexed", "DiscoveryDate");
  // Size 0 and no dates: the service sometimes answers this for a URL it indexed before.
  return out("unknown", "empty_record", false);
}
