"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IssueActions } from "@/components/issues/issue-actions";
import { IssueFacts } from "@/components/issues/issue-facts";
import { IssueGuidance } from "@/components/issues/issue-guidance";
import { IssueUrlsTable } from "@/components/issues/issue-urls-table";
import { SEVERITY_LABELS, SEVERITY_TONE, STATUS_LABELS, STATUS_TONE } from "@/components/issues/labels";
import { issueTitle } from "@/lib/issues/issue-types";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pagination } from "@/components/ui/pagination";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { CheckAgain } from "@/components/urls/check-again";
import { issueKeys, issueQuery, issueUrlsExportHref, issueUrlsQuery, updateIssueStatus, type Issue, type UpdateIssue } from "@/lib/queries/issues";
import { PROJECT_LEVEL_TYPES } from "@/lib/issues/severity";
import { projectKeys } from "@/lib/queries/projects";
import { ISSUE_URLS_PAGE_SIZE, issueUrlsHref, issueUrlsPage } from "../search-params";

/** What the change did, in words: a reopen says how many URLs came back. */
function doneText(issue: Issue, note: string | null): string {
  if (issue.status === "resolved") return "Issue resolved. If a later check still finds the problem, it opens again.";
  if (issue.status === "ignored") return `Issue ignored: new detections will not reopen it.${note ? " Your note is kept with it." : ""}`;
  if (PROJECT_LEVEL_TYPES.includes(issue.type)) return "Issue reopened.";
  const n = issue.affectedUrlCount;
  return n > 0
    ? `Issue reopened: ${n.toLocaleString("en-US")} ${n === 1 ? "URL that is" : "URLs that are"} still affected ${n === 1 ? "is" : "are"} back in the list.`
    : "Issue reopened. No URL is affected at the moment: every URL was found fixed since it was resolved.";
}

export function IssueClient({ orgId, projectId, issueId }: { orgId: string; projectId: string; issueId: string }) {
  const ref = { orgId, projectId };
  const queryClient = useQueryClient();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const page = issueUrlsPage((k) => searchParams.get(k));
  const issue = useQuery(issueQuery(ref, issueId));
  const urls = useQuery(issueUrlsQuery(ref, issueId, page));
  const [notice, setNotice] = useState({ text: "", n: 0 });
  // "Check these URLs again" queues the page's open memberships (resolved ones need no new check).
  const openUrlIds = (urls.data?.data ?? []).filter((m) => !m.resolvedAt).map((m) => m.trackedUrlId);
  const statusRef = useRef<HTMLParagraphElement>(null);

  // The button pressed is gone (the other actions replace it): move the focus to the outcome, once shown.
  useEffect(() => {
    if (notice.n > 0) statusRef.current?.focus();
  }, [notice.n]);

  const update = useMutation({
    mutationFn: (body: UpdateIssue) => updateIssueStatus(ref, issueId, body),
    onSuccess: async (updated) => {
      queryClient.setQueryData(issueKeys.one(ref, issueId), updated);
      // Resolving and reopening move the memberships too; counters and lists elsewhere move with them.
      await queryClient.invalidateQueries({ queryKey: projectKeys.project(orgId, projectId) });
    },
  });

  return (
    <div className="space-y-6">
      <p>
        <Link href={`/projects/${projectId}/issues`} className="text-sm text-brand-700 underline underline-offset-2">← All issues</Link>
      </p>
      {issue.isPending ? (
        <ListSkeleton label="Loading the issue…" rows={3} />
      ) : issue.isError ? (
        <ErrorAlert error={issue.error} />
      ) : (
        <Card>
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="min-w-0 space-y-2">
              <h2 className="text-xl font-semibold">{issueTitle(issue.data.type)}</h2>
              <div className="flex flex-wrap gap-2">
                <Badge tone={SEVERITY_TONE[issue.data.severity]}>{SEVERITY_LABELS[issue.data.severity]}</Badge>
                <Badge tone={STATUS_TONE[issue.data.status]}><span data-testid="issue-status">{STATUS_LABELS[issue.data.status]}</span></Badge>
              </div>
            </div>
            <IssueActions
              issue={issue.data} busy={update.isPending} onChange={(body) => update.mutateAsync(body)}
              onDone={(updated, body) => setNotice((prev) => ({ text: doneText(updated, body.note?.trim() || null), n: prev.n + 1 }))}
            />
          </div>
          <p ref={statusRef} tabIndex={-1} role="status" className="mt-3 text-sm text-emerald-800 empty:hidden focus:outline-none">{notice.text}</p>

          <IssueFacts issue={issue.data} />
        </Card>
      )}

      {issue.data && <IssueGuidance type={issue.data.type} />}

      <section aria-labelledby="affected-heading" className="space-y-3">
        <h2 id="affected-heading" className="text-lg font-semibold">Affected URLs</h2>
        {urls.data && urls.data.meta.total > 0 && (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <CheckAgain
              projectRef={ref}
              selection={openUrlIds.length ? { urlIds: openUrlIds } : null}
              count={openUrlIds.length}
              label="Check these URLs again…"
              disabledReason="Every URL on this page is resolved: there is nothing to check again."
            />
            <a href={issueUrlsExportHref(ref, issueId)} download className={buttonClasses("secondary")}>
              Export all {urls.data.meta.total.toLocaleString("en-US")} as CSV
            </a>
          </div>
        )}
        {urls.isPending ? (
          <ListSkeleton label="Loading affected URLs…" rows={5} />
        ) : urls.isError ? (
          <ErrorAlert error={urls.error} />
        ) : urls.data.data.length === 0 ? (
          <EmptyState title={urls.data.meta.total === 0 ? "No URLs in this group" : "There are no URLs on this page"}>
            {urls.data.meta.total > 0 ? "Go back to the first page." : issue.data && !PROJECT_LEVEL_TYPES.includes(issue.data.type) ? "No URL has been recorded in this group." : "This issue concerns the whole project rather than single URLs."}
          </EmptyState>
        ) : (
          <div aria-busy={urls.isPlaceholderData || undefined} className={urls.isPlaceholderData ? "opacity-60" : undefined}>
            <IssueUrlsTable projectId={projectId} type={issue.data?.type ?? "broken_link"} memberships={urls.data.data} />
            <Pagination
              label="Affected URL pages"
              offset={page.offset}
              limit={ISSUE_URLS_PAGE_SIZE}
              total={urls.data.meta.total}
              shown={urls.data.data.length}
              onOffset={(offset) => window.history.pushState(null, "", issueUrlsHref(pathname, offset))}
            />
          </div>
        )}
      </section>
    </div>
  );
}
