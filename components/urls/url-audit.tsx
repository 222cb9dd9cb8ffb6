import type { ReactNode } from "react";
import { DetailRow } from "@/components/ui/detail-row";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import type { AuditState, TrackedUrl } from "@/lib/queries/urls";
import { canonicalMatchLabel, normalizedUrl as normalized, statusChain } from "./audit-words";
import { HEALTH_TONE, healthText, INDEXABILITY_TONE, indexabilityText, ROBOTS_ENGINE_LABELS } from "./labels";

const none = <span className="text-slate-600">—</span>;
const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? none : v);


/**
 * What the last audit saw: status, every redirect hop in order, the final URL, the canonical and whether
 * it points back, the robots.txt line that blocked, meta robots, X-Robots-Tag and a bot challenge.
 * `audit` is the newest audit of the history (hops, robots and WAF are only kept there); null while unknown.
 */
export function UrlAudit({ url, audit, projectId }: { url: TrackedUrl; audit: AuditState | null; projectId: string }) {
  const checkedAt = url.lastAuditAt ?? url.lastHealthCheckAt;
  if (!checkedAt && !audit) {
    return (
      <Section>
        <p className="mt-1 text-sm text-slate-600" data-testid="url-audit-empty">
          Not audited yet. &ldquo;Inspect now&rdquo; checks it at once; scheduled inspections check it on every cycle.
        </p>
      </Section>
    );
  }
  const finalUrl = url.redirectTarget ?? url.url;
  const hops = audit?.hops ?? [];
  return (
    <Section>
      <dl data-testid="url-audit" className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[max-content_1fr]">
        <DetailRow label="Last checked">{checkedAt ? <time dateTime={checkedAt}>{formatDateTime(checkedAt)}</time> : none}</DetailRow>
        <DetailRow label="Health"><Badge tone={HEALTH_TONE[url.healthState]}>{healthText(url.healthState, true, url.indexability === "blocked_by_robots")}</Badge></DetailRow>
        <DetailRow label="HTTP status"><span data-testid="audit-http-status">{text(statusChain(hops, url.httpStatus, url.redirectHops))}</span></DetailRow>
        {url.healthError && <DetailRow label="Error"><span className="font-mono text-xs">{url.healthError}</span></DetailRow>}
        <DetailRow label="Redirects">
          {hops.length > 0 ? (
            <ol aria-label="Redirect hops, in order" data-testid="audit-hops" className="space-y-1">
              {hops.map((h, i) => (
                <li key={`${i}-${h.url}`} className="flex min-w-0 gap-2">
                  <span className="w-5 shrink-0 text-right tabular-nums text-slate-600">{i + 1}.</span>
                  <Badge tone="info">{h.status}</Badge>
                  <span className="min-w-0 wrap-anywhere font-mono text-xs leading-5">{h.url}</span>
                </li>
              ))}
              <li className="flex min-w-0 gap-2">
                <span className="w-5 shrink-0 text-right tabular-nums text-slate-600">{hops.length + 1}.</span>
                <Badge tone={url.httpStatus !== null && url.httpStatus < 300 ? "success" : "danger"}>{url.httpStatus ?? "—"}</Badge>
                <span className="min-w-0 wrap-anywhere font-mono text-xs leading-5">{finalUrl}<span className="font-sans text-slate-600"> (final)</span></span>
              </li>
            </ol>
          ) : url.redirectHops ? (
            `${url.redirectHops} ${url.redirectHops === 1 ? "hop" : "hops"}`
          ) : (
            "None"
          )}
        </DetailRow>
        <DetailRow label="Final URL"><span className="wrap-anywhere font-mono text-xs">{finalUrl}</span></DetailRow>
        <DetailRow label="Indexability"><Badge tone={INDEXABILITY_TONE[url.indexability]}>{indexabilityText(url.indexability, true)}</Badge></DetailRow>
        <DetailRow label="Canonical URL"><Canonical url={url} finalUrl={finalUrl} /></DetailRow>
        <DetailRow label="robots.txt"><Robots audit={audit} url={url.url} projectId={projectId} /></DetailRow>
        <DetailRow label="Meta robots">{url.metaRobots ? <span className="font-mono text-xs">{url.metaRobots}</span> : "None"}</DetailRow>
        <DetailRow label="X-Robots-Tag">{url.xRobotsTag ? <span className="font-mono text-xs">{url.xRobotsTag}</span> : "None"}</DetailRow>
        <DetailRow label="Bot challenge (WAF)">
          {audit?.wafVendor ? <Badge tone="warning">Challenge served by {audit.wafVendor}</Badge> : audit ? "None detected" : none}
        </DetailRow>
      </dl>
    </Section>
  );
}

function Section({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="url-audit-heading">
      <h3 id="url-audit-heading" className="text-sm font-semibold">Audit</h3>
      {children}
    </section>
  );
}

/** Whether the canonical points back: the audit's verdict where it gave one (it normalizes both URLs), else a comparison. */
function Canonical({ url, finalUrl }: { url: TrackedUrl; finalUrl: string }) {
  const canonical = url.canonicalUrl;
  if (!canonical) return <>None declared</>;
  const matches = url.indexability === "canonicalized" ? false : url.indexability === "indexable" ? true : normalized(canonical) === normalized(finalUrl);
  return (
    <span className="flex flex-wrap items-center gap-2" data-testid="audit-canonical">
      <span className="wrap-anywhere font-mono text-xs">{canonical}</span>
      {matches ? <Badge tone="success">{canonicalMatchLabel(url.url, finalUrl)}</Badge> : <Badge tone="warning">Points elsewhere</Badge>}
    </span>
  );
}

function Robots({ audit, url, projectId }: { audit: AuditState | null; url: string; projectId: string }) {
  const robots = audit?.robots;
  if (!robots) return audit ? <>Not checked</> : none;
  const tester = `/projects/${projectId}/robots?url=${encodeURIComponent(url)}`;
  const file = <a href={robots.robotsUrl} target="_blank" rel="noreferrer noopener" className="text-brand-700 underline underline-offset-2">robots.txt</a>;
  if (robots.status === "unreachable") return <>The {file} could not be read (unreachable), so the page was not fetched.</>;
  if (robots.blockedFor.length === 0) return <>Allowed ({file} answered {robots.status}).</>;
  const engines = robots.blockedFor.map((e) => ROBOTS_ENGINE_LABELS[e]).join(" and ");
  return (
    <span className="space-y-1" data-testid="audit-robots">
      <span className="flex flex-wrap items-center gap-2">
        <Badge tone="danger">Blocked for {engines}</Badge>
        {robots.rule ? (
          <span>
            by {file} line <strong className="tabular-nums">{robots.rule.line}</strong>:{" "}
            <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs">{robots.rule.directive === "allow" ? "Allow" : "Disallow"}: {robots.rule.value}</code>
          </span>
        ) : (
          <span>by the whole {file} (it answered {robots.status})</span>
        )}
      </span>
      <Link href={tester} className="block text-xs text-brand-700 underline underline-offset-2">Try a change in the robots.txt tester</Link>
    </span>
  );
}
