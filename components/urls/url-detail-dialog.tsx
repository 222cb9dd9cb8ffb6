"use client";

import { DetailRow } from "@/components/ui/detail-row";
import { useEffect, useState, type ReactNode } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { SEVERITY_LABELS, SEVERITY_TONE, STATUS_LABELS } from "@/components/issues/labels";
import { issueTitle } from "@/lib/issues/issue-types";
import { Badge } from "@/components/ui/badge";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { Modal } from "@/components/ui/modal";
import { HISTORY_PAGE, urlHistoryQuery, urlIssuesQuery, urlQuery, type AuditState, type ProjectPath, type TrackedUrl } from "@/lib/queries/urls";
import { CopyButton } from "@/components/ui/copy-button";
import { urlDetailQuery } from "@/lib/queries/url-detail";
import { InspectNow } from "./inspect-now";
import { SOURCE_LABELS } from "./labels";
import { UrlAudit } from "./url-audit";
import { UrlEngines } from "./url-engines";
import { UrlHistory } from "./url-history";
import { UrlPerformance } from "./url-performance";
import { UrlCrawlTimeline } from "@/components/crawl/url-crawl-timeline";
import { UrlRemovalTimeline } from "@/components/removals/url-removal-timeline";
import { RawVsRendered } from "@/components/rendering/raw-vs-rendered";
import { UrlFieldHistory } from "@/components/site-watch/url-field-history";
import { UrlDiagnosis } from "@/components/diagnosis/url-diagnosis";
import { UrlLinksPanel } from "@/components/links/url-links";

const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : "—");
const text = (v: string | number | null) => (v === null || v === "" ? "—" : v);

/**
 * One tracked URL: "Inspect now", what the last audit saw (hops, canonical, robots.txt rule, …), both engines'
 * last answers side by side, its Google Search performance, its open issue memberships, the history of audits
 * and the remaining fields, grouped.
 */
export function UrlDetailDialog({ projectRef, urlId, shareHref, onClose }: { projectRef: ProjectPath; urlId: string; shareHref?: string; onClose: () => void }) {
  // One read for the whole panel: it seeds the parts' queries, which mount once it has answered (not while it reads
  // again on a later opening, or each part would ask its own endpoint).
  const detail = useQuery(urlDetailQuery(projectRef, urlId));
  return (
    <Modal title="URL details" onClose={onClose} size="lg" closeLabel="Close the URL details">
      {detail.isError ? (
        <ErrorAlert error={detail.error} />
      ) : detail.isSuccess && !detail.isFetching ? (
        <UrlDetailBody projectRef={projectRef} urlId={urlId} shareHref={shareHref} />
      ) : (
        <Loading />
      )}
    </Modal>
  );
}

const Loading = () => (
  <div role="status" aria-busy="true" className="h-64 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading the URL…</span></div>
);

function UrlDetailBody({ projectRef, urlId, shareHref }: { projectRef: ProjectPath; urlId: string; shareHref?: string }) {
  const url = useQuery(urlQuery(projectRef, urlId));
  const issues = useQuery(urlIssuesQuery(projectRef, urlId));
  const [historyOffset, setHistoryOffset] = useState(0);
  const history = useQuery(urlHistoryQuery(projectRef, urlId, { ...HISTORY_PAGE, offset: historyOffset }));
  // Hops, the robots.txt rule and the WAF vendor are kept in the history only: the newest audit of the first page.
  const latest = useQuery({ ...urlHistoryQuery(projectRef, urlId), select: (page) => page.data.find((e) => e.kind === "audit")?.state as AuditState | undefined });

  return (
    <>
      {url.isPending ? (
        <Loading />
      ) : url.isError ? (
        <ErrorAlert error={url.error} />
      ) : (
        <div className="space-y-5" data-testid="url-detail">
          <div className="space-y-2">
            <p className="wrap-anywhere font-mono text-sm text-slate-900">
              <a href={url.data.url} target="_blank" rel="noreferrer noopener" className="text-brand-700 underline underline-offset-2">
                {url.data.url}<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <CopyButton value={url.data.url} label="Copy the URL" />
              {shareHref && <ShareLink href={shareHref} />}
            </div>
          </div>
          <UrlDiagnosis projectRef={projectRef} urlId={urlId} />
          <InspectNow projectRef={projectRef} url={url.data} />
          <UrlAudit url={url.data} audit={latest.data ?? null} projectId={projectRef.projectId} />
          <RawVsRendered projectRef={projectRef} urlId={urlId} />
          <UrlEngines projectRef={projectRef} url={url.data} />
          <UrlLinksPanel projectRef={projectRef} urlId={urlId} />
          <UrlPerformance projectRef={projectRef} url={url.data} />
          <UrlCrawlTimeline projectRef={projectRef} url={url.data} />
          <UrlRemovalTimeline projectRef={projectRef} urlId={urlId} />
          <section aria-labelledby="url-issues-heading">
            <h3 id="url-issues-heading" className="text-sm font-semibold">Open issues</h3>
            {issues.isPending ? (
              <div className="mt-2 h-10 animate-pulse rounded bg-slate-100" />
            ) : issues.isError ? (
              <ErrorAlert error={issues.error} className="mt-2" />
            ) : issues.data.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">This URL is not affected by any issue.</p>
            ) : (
              <ul className="mt-2 space-y-2">
                {issues.data.map((m) => (
                  <li key={m.id} className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge tone={SEVERITY_TONE[m.issue.severity]}>{SEVERITY_LABELS[m.issue.severity]}</Badge>
                    <Link href={`/projects/${projectRef.projectId}/issues/${m.issue.id}`} className="font-medium text-brand-700 underline underline-offset-2">
                      {issueTitle(m.issue.type)}
                    </Link>
                    {m.issue.status !== "open" && <Badge>{STATUS_LABELS[m.issue.status]}</Badge>}
                    <span className="text-slate-600">since {when(m.detectedAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <UrlFieldHistory projectRef={projectRef} urlId={urlId} />
          <UrlHistory history={history} offset={historyOffset} onOffset={setHistoryOffset} />
          <Fields u={url.data} />
        </div>
      )}
    </>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[max-content_1fr]">{children}</dl>
    </section>
  );
}

function Fields({ u }: { u: TrackedUrl }) {
  return (
    <>
      <Group title="Inspections">
        <DetailRow label="Next inspection">{when(u.nextInspectionAt)}</DetailRow>
        <DetailRow label="Last attempt">{when(u.lastInspectionAttemptAt)}</DetailRow>
        <DetailRow label="Last success">{when(u.lastInspectionSuccessAt)}</DetailRow>
        <DetailRow label="Last failure">{when(u.lastInspectionFailureAt)}</DetailRow>
        <DetailRow label="Failure code">{text(u.lastInspectionFailureCode)}</DetailRow>
        <DetailRow label="Consecutive failures">{u.consecutiveInspectionFailures}</DetailRow>
      </Group>
      <Group title="Sitemap and IndexNow">
        <DetailRow label="Source">{SOURCE_LABELS[u.source]}</DetailRow>
        <DetailRow label="Discovered">{when(u.discoveredAt)}</DetailRow>
        <DetailRow label="First in sitemap">{when(u.firstSeenInSitemapAt)}</DetailRow>
        <DetailRow label="Last in sitemap">{when(u.lastSeenInSitemapAt)}</DetailRow>
        <DetailRow label="lastmod">{when(u.lastmod)}</DetailRow>
        <DetailRow label="Missing from sitemap since">{when(u.staleAt)}</DetailRow>
        <DetailRow label="Last IndexNow submission">{when(u.lastIndexNowSubmittedAt)}</DetailRow>
        <DetailRow label="IndexNow attempts">{u.indexNowAttempts}</DetailRow>
      </Group>
      <Group title="Record">
        <DetailRow label="URL id"><span className="font-mono text-xs">{u.id}</span></DetailRow>
        <DetailRow label="Created">{when(u.createdAt)}</DetailRow>
        <DetailRow label="Updated">{when(u.updatedAt)}</DetailRow>
      </Group>
    </>
  );
}

/** This panel's own address, to share with someone who can see the project (it opens the list with the panel open). */
function ShareLink({ href }: { href: string }) {
  const [absolute, setAbsolute] = useState(href);
  // The origin is known in the browser only (the server renders the path).
  // eslint-disable-next-line react-hooks/set-state-in-effect -- reads window once mounted
  useEffect(() => setAbsolute(new URL(href, window.location.href).toString()), [href]);
  return <CopyButton value={absolute} label="Copy a link to these details" />;
}
