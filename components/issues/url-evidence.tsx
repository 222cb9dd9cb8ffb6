import type { ReactNode } from "react";
import { ENGINE_A_LABELS, ENGINE_B_LABELS, HEALTH_LABELS, INDEXABILITY_LABELS } from "@/components/urls/labels";
import { formatDateTime } from "@/components/ui/format";
import type { Issue, IssueUrlEvidence } from "@/lib/queries/issues";
import { ruleText as robotsRuleText } from "@/components/robots/robots-results";

type Type = Issue["type"];

const ruleText = (r: NonNullable<IssueUrlEvidence["robotsRule"]>) => `line ${r.line}: ${robotsRuleText(r)}`;
const status = (e: IssueUrlEvidence) => (e.httpStatus !== null ? `HTTP ${e.httpStatus}` : e.healthError ? `no answer (${e.healthError})` : HEALTH_LABELS[e.healthState]);

/** The one line of evidence that matters for the issue type. */
export function evidenceLine(type: Type, e: IssueUrlEvidence): string {
  switch (type) {
    case "redirect_chain":
    case "redirect_loop":
      return e.redirectChain?.length ? `${e.redirectChain.length} ${e.redirectChain.length === 1 ? "redirect" : "redirects"}, ends at ${e.redirectTarget ?? "no final page"} (${status(e)})` : status(e);
    case "canonical_mismatch":
      return e.canonicalUrl ? `Canonical points to ${e.canonicalUrl}` : "No canonical now";
    case "has_noindex":
      return [e.metaRobots && `meta robots “${e.metaRobots}”`, e.xRobotsTag && `X-Robots-Tag “${e.xRobotsTag}”`].filter(Boolean).join(", ") || INDEXABILITY_LABELS[e.indexability];
    case "blocked_by_robots":
    case "crawl_blocked":
      return e.robotsRule ? `robots.txt ${ruleText(e.robotsRule)}` : e.healthError ?? INDEXABILITY_LABELS[e.indexability];
    case "waf_challenge_detected":
      return e.wafVendor ? `Bot challenge by ${e.wafVendor}` : status(e);
    case "stale_missing_from_sitemap":
      return e.lastSeenInSitemapAt ? `Last seen in the sitemap ${formatDateTime(e.lastSeenInSitemapAt)}` : "Never seen in a sitemap";
    case "discovered_not_indexed":
    case "crawled_not_indexed":
    case "dropped_from_index":
    case "removal_stuck":
      return `Google: ${ENGINE_A_LABELS[e.engineAState as keyof typeof ENGINE_A_LABELS] ?? e.engineAState} · Bing: ${ENGINE_B_LABELS[e.engineBState as keyof typeof ENGINE_B_LABELS] ?? e.engineBState}`;
    default:
      return status(e);
  }
}

/** The evidence cell of an issue's URL list: the line for the type, and everything else behind a disclosure. */
export function UrlEvidence({ type, evidence }: { type: Type; evidence: IssueUrlEvidence | null }) {
  if (!evidence) return <span className="text-slate-600">The URL is no longer tracked</span>;
  const hops = evidence.redirectChain ?? [];
  const chain = hops.length > 0 && (
    <ol className="space-y-0.5" aria-label="Redirects, in order">
      {hops.map((h, i) => <li key={i}><span className="font-semibold tabular-nums">{h.status}</span> {h.url}</li>)}
      <li><span className="font-semibold tabular-nums">{evidence.httpStatus ?? "—"}</span> {evidence.redirectTarget ?? ""} (final)</li>
    </ol>
  );
  const facts: [string, ReactNode][] = [
    ["Status", status(evidence)],
    ...(chain ? [["Redirect chain", chain] as [string, ReactNode]] : []),
    ["Canonical", evidence.canonicalUrl ?? "None"],
    ["Indexability", INDEXABILITY_LABELS[evidence.indexability]],
    ...(evidence.robotsRule ? [["robots.txt", ruleText(evidence.robotsRule)] as [string, ReactNode]] : []),
    ...(evidence.metaRobots ? [["Meta robots", evidence.metaRobots] as [string, ReactNode]] : []),
    ...(evidence.xRobotsTag ? [["X-Robots-Tag", evidence.xRobotsTag] as [string, ReactNode]] : []),
    ["Google", ENGINE_A_LABELS[evidence.engineAState as keyof typeof ENGINE_A_LABELS] ?? evidence.engineAState],
    ["Bing", ENGINE_B_LABELS[evidence.engineBState as keyof typeof ENGINE_B_LABELS] ?? evidence.engineBState],
    ["Last audit", evidence.lastAuditAt ? formatDateTime(evidence.lastAuditAt) : "Never"],
    ["In the sitemap", evidence.lastSeenInSitemapAt ? `last seen ${formatDateTime(evidence.lastSeenInSitemapAt)}` : "Never listed"],
  ];
  return (
    <div className="min-w-[14rem] max-w-[28rem] text-sm" data-testid="issue-url-evidence">
      <p className="text-slate-800 [overflow-wrap:anywhere]">{evidenceLine(type, evidence)}</p>
      <details className="mt-0.5">
        <summary className="cursor-pointer text-xs text-brand-700 underline-offset-2 hover:underline">All evidence</summary>
        <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
          {facts.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-600">{k}</dt>
              <dd className="text-slate-800 [overflow-wrap:anywhere]">{v}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
