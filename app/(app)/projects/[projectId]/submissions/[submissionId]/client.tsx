"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { SUBMISSION_STATUS, SubmissionAnswer } from "@/components/submissions/submission-table";
import { ENGINE_A_LABELS, ENGINE_B_LABELS } from "@/components/urls/labels";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { submissionQuery, submissionUrlsQuery, type SubmissionDetail, type SubmissionUrl } from "@/lib/queries/submissions";
import { pageFrom, submissionsHref, SUBMISSION_URLS_PAGE_SIZE as PAGE_SIZE, submissionUrlsRange } from "../search-params";

const engine = (labels: Record<string, string>, state: string | null) => (state === null ? "—" : labels[state] ?? state);

/** What the batch's answer means for its URLs, in words. */
function meaning(s: SubmissionDetail): string {
  switch (s.status) {
    case "accepted": return "IndexNow accepted the batch: Bing and the other participating engines were told about these URLs.";
    case "submitted": return "IndexNow received the batch and is still validating the key; the URLs count as delivered.";
    case "rejected": return "IndexNow refused the batch; its URLs are sent again only when they change (or, after a 403, once the key is fixed).";
    case "error": return "The batch failed (rate limit, server error or no answer); its URLs stay queued and are sent again after a pause.";
    default: return "The batch is being sent.";
  }
}

/** One IndexNow batch: its answer, and its URLs with where each stands now. */
export function SubmissionClient({ orgId, projectId, submissionId }: { orgId: string; projectId: string; submissionId: string }) {
  const ref = { orgId, projectId };
  const pathname = usePathname();
  const page = pageFrom(useSearchParams().get("page"));
  const range = submissionUrlsRange(page);
  const batch = useQuery(submissionQuery(ref, submissionId));
  const urls = useQuery(submissionUrlsQuery(ref, submissionId, range));

  return (
    <div className="space-y-6">
      <p>
        <Link href={`/projects/${projectId}/submissions`} className="text-sm text-brand-700 underline underline-offset-2">← All submissions</Link>
      </p>
      {batch.isPending ? (
        <ListSkeleton label="Loading the submission…" rows={3} />
      ) : batch.isError ? (
        <QueryError error={batch.error} retry={batch.refetch} />
      ) : (
        <Card>
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-xl font-semibold">IndexNow batch of {formatDateTime(batch.data.createdAt)}</h2>
            <Badge tone={SUBMISSION_STATUS[batch.data.status][1]}><span data-testid="submission-status">{SUBMISSION_STATUS[batch.data.status][0]}</span></Badge>
          </div>
          <p className="mt-2 max-w-prose text-sm text-slate-700">{meaning(batch.data)}</p>
          <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="text-slate-600">URLs in the batch</dt>
            <dd className="tabular-nums">{batch.data.urlCount.toLocaleString("en-US")}</dd>
            <dt className="text-slate-600">Answer</dt>
            <dd className="min-w-0"><SubmissionAnswer s={batch.data} /></dd>
            <dt className="text-slate-600">URL list kept until</dt>
            <dd><time dateTime={batch.data.urlsKeptUntil}>{formatDate(batch.data.urlsKeptUntil)}</time></dd>
          </dl>
        </Card>
      )}

      <section aria-labelledby="batch-urls-heading" className="space-y-3">
        <h2 id="batch-urls-heading" className="text-lg font-semibold">URLs in this batch</h2>
        {urls.isPending ? (
          <ListSkeleton label="Loading the batch's URLs…" rows={5} />
        ) : urls.isError ? (
          <QueryError error={urls.error} retry={urls.refetch} />
        ) : urls.data.data.length === 0 ? (
          <EmptyState title={urls.data.meta.total > 0 ? "There are no URLs on this page" : "The URL list is no longer kept"}>
            {urls.data.meta.total > 0 ? "Go back to the first page." : "Each batch's URLs are kept for 90 days; the batch's summary stays."}
          </EmptyState>
        ) : (
          <div aria-busy={urls.isPlaceholderData || undefined} className={urls.isPlaceholderData ? "opacity-60" : undefined}>
            <DataTable
              label="URLs in this batch" rows={urls.data.data} rowKey={(u) => u.trackedUrlId} rowProps={() => ({ "data-testid": "batch-url-row" })}
              columns={[
                {
                  key: "url", header: "URL", className: "max-w-[28rem]",
                  cell: (u: SubmissionUrl) => u.tracked
                    ? <Link href={`/projects/${projectId}/urls?url=${u.trackedUrlId}`} className="block truncate text-brand-700 underline-offset-2 hover:underline" title={u.url}>{u.url}</Link>
                    : <span className="block truncate" title={u.url}>{u.url} <span className="text-slate-600">(no longer tracked)</span></span>,
                },
                { key: "outcome", header: "Outcome", className: "whitespace-nowrap", cell: (u) => <Badge tone={SUBMISSION_STATUS[u.outcome][1]}>{SUBMISSION_STATUS[u.outcome][0]}</Badge> },
                {
                  key: "now", header: "Now", className: "whitespace-nowrap",
                  cell: (u) => u.queued ? "Waiting to be sent again" : u.lastSubmittedAt ? <>Delivered <time dateTime={u.lastSubmittedAt}>{formatDateTime(u.lastSubmittedAt)}</time></> : "Not delivered",
                },
                { key: "google", header: "Google", className: "whitespace-nowrap", cell: (u) => engine(ENGINE_A_LABELS, u.engineAState) },
                { key: "bing", header: "Bing", className: "whitespace-nowrap", cell: (u) => engine(ENGINE_B_LABELS, u.engineBState) },
              ]}
            />
            <Pagination
              label="Pages of the batch's URLs" offset={range.offset} limit={PAGE_SIZE} total={urls.data.meta.total} shown={urls.data.data.length}
              onOffset={(offset) => window.history.pushState(null, "", submissionsHref(pathname, Math.floor(offset / PAGE_SIZE) + 1))}
            />
          </div>
        )}
      </section>
    </div>
  );
}
