"use client";

import type { ReactNode } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { ISSUE_TYPE_LABELS, SEVERITY_LABELS, SEVERITY_TONE, STATUS_LABELS } from "@/components/issues/labels";
import { Badge } from "@/components/ui/badge";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { Modal } from "@/components/ui/modal";
import { urlIssuesQuery, urlQuery, type ProjectRef, type TrackedUrl } from "@/lib/queries/urls";
import { ENGINE_A_LABELS, ENGINE_B_LABELS, engineTone, HEALTH_LABELS, HEALTH_TONE, INDEXABILITY_LABELS, INDEXABILITY_TONE, SOURCE_LABELS } from "./labels";

const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : "—");
const text = (v: string | number | null) => (v === null || v === "" ? "—" : v);

/** Every field of one tracked URL, grouped, and its open issue memberships. */
export function UrlDetailDialog({ projectRef, urlId, onClose }: { projectRef: ProjectRef; urlId: string; onClose: () => void }) {
  const url = useQuery(urlQuery(projectRef, urlId));
  const issues = useQuery(urlIssuesQuery(projectRef, urlId));

  return (
    <Modal title="URL details" onClose={onClose}>
      {url.isPending ? (
        <div role="status" aria-busy="true" className="h-64 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading the URL…</span></div>
      ) : url.isError ? (
        <ErrorAlert error={url.error} />
      ) : (
        <div className="space-y-5" data-testid="url-detail">
          <p className="break-all font-mono text-sm text-slate-900">
            <a href={url.data.url} target="_blank" rel="noreferrer noopener" className="text-brand-700 underline underline-offset-2">{url.data.url}</a>
          </p>
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
                      {ISSUE_TYPE_LABELS[m.issue.type]}
                    </Link>
                    {m.issue.status !== "open" && <Badge>{STATUS_LABELS[m.issue.status]}</Badge>}
                    <span className="text-slate-600">since {when(m.detectedAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <Fields u={url.data} />
        </div>
      )}
    </Modal>
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

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  );
}

function Fields({ u }: { u: TrackedUrl }) {
  return (
    <>
      <Group title="Health">
        <Row label="State"><Badge tone={HEALTH_TONE[u.healthState]}>{HEALTH_LABELS[u.healthState]}</Badge></Row>
        <Row label="HTTP status">{text(u.httpStatus)}</Row>
        <Row label="Redirect target"><span className="break-all">{text(u.redirectTarget)}</span></Row>
        <Row label="Redirect hops">{text(u.redirectHops)}</Row>
        <Row label="Error">{text(u.healthError)}</Row>
        <Row label="Last checked">{when(u.lastHealthCheckAt)}</Row>
      </Group>
      <Group title="Indexability">
        <Row label="Audit"><Badge tone={INDEXABILITY_TONE[u.indexability]}>{INDEXABILITY_LABELS[u.indexability]}</Badge></Row>
        <Row label="Canonical URL"><span className="break-all">{text(u.canonicalUrl)}</span></Row>
        <Row label="Meta robots">{text(u.metaRobots)}</Row>
        <Row label="X-Robots-Tag">{text(u.xRobotsTag)}</Row>
        <Row label="Last audit">{when(u.lastAuditAt)}</Row>
      </Group>
      <Group title="Search engines">
        <Row label="Engine A"><Badge tone={engineTone(u.engineAState)}>{ENGINE_A_LABELS[u.engineAState]}</Badge></Row>
        <Row label="Engine B"><Badge tone={engineTone(u.engineBState)}>{ENGINE_B_LABELS[u.engineBState]}</Badge></Row>
        <Row label="Indexed since">{when(u.indexedAt)}</Row>
        <Row label="Last engine sync">{when(u.lastEngineSyncAt)}</Row>
      </Group>
      <Group title="Inspections">
        <Row label="Next inspection">{when(u.nextInspectionAt)}</Row>
        <Row label="Last attempt">{when(u.lastInspectionAttemptAt)}</Row>
        <Row label="Last success">{when(u.lastInspectionSuccessAt)}</Row>
        <Row label="Last failure">{when(u.lastInspectionFailureAt)}</Row>
        <Row label="Failure code">{text(u.lastInspectionFailureCode)}</Row>
        <Row label="Consecutive failures">{u.consecutiveInspectionFailures}</Row>
      </Group>
      <Group title="Sitemap and IndexNow">
        <Row label="Source">{SOURCE_LABELS[u.source]}</Row>
        <Row label="Discovered">{when(u.discoveredAt)}</Row>
        <Row label="First in sitemap">{when(u.firstSeenInSitemapAt)}</Row>
        <Row label="Last in sitemap">{when(u.lastSeenInSitemapAt)}</Row>
        <Row label="lastmod">{when(u.lastmod)}</Row>
        <Row label="Missing from sitemap since">{when(u.staleAt)}</Row>
        <Row label="Last IndexNow submission">{when(u.lastIndexNowSubmittedAt)}</Row>
        <Row label="IndexNow attempts">{u.indexNowAttempts}</Row>
      </Group>
      <Group title="Record">
        <Row label="URL id"><span className="font-mono text-xs">{u.id}</span></Row>
        <Row label="Created">{when(u.createdAt)}</Row>
        <Row label="Updated">{when(u.updatedAt)}</Row>
      </Group>
    </>
  );
}
