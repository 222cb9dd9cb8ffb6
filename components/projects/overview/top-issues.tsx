"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { topIssuesQuery } from "@/lib/queries/projects";
import { SEVERITY_LABELS, SEVERITY_TONE } from "@/components/issues/labels";
import { issueShortName } from "@/lib/issues/issue-types";
import { projectHref } from "../project-paths";
import { useReadOnly } from "../read-only";

/** The open issue groups that matter most: critical first, then by affected URLs. Read-only: links stay inside the share. */
export function TopIssues({ orgId, projectId }: { orgId: string; projectId: string }) {
  const issues = useQuery(topIssuesQuery(orgId, projectId));
  const readOnly = useReadOnly();
  const issuesHref = readOnly ? `${readOnly.base}/issues` : projectHref(projectId, "issues");
  return (
    <Card>
      <h2 className="text-base font-semibold">Top open issues</h2>
      <div className="mt-3">
        {issues.isPending ? (
          <div role="status" aria-busy="true" className="h-32 animate-pulse rounded bg-slate-100">
            <span className="sr-only">Loading issues…</span>
          </div>
        ) : issues.isError ? (
          <ErrorAlert error={issues.error} />
        ) : issues.data.data.length === 0 ? (
          <p className="text-sm text-slate-700">No open issues. Problems found by sitemap syncs and page audits show up here, grouped by type.</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100" data-testid="top-issues">
              {issues.data.data.map((issue) => (
                <li key={issue.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="text-sm font-medium">
                      <Link href={`${issuesHref}/${readOnly ? issue.type : issue.id}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
                        {issueShortName(issue.type)}
                      </Link>
                    </p>
                    <p className="text-xs text-slate-600">Last seen {formatDateTime(issue.lastDetectedAt)}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    <span className="text-sm tabular-nums text-slate-700">
                      {issue.affectedUrlCount > 0 ? `${issue.affectedUrlCount.toLocaleString("en-US")} ${issue.affectedUrlCount === 1 ? "URL" : "URLs"}` : "Site-wide"}
                    </span>
                    <Badge tone={SEVERITY_TONE[issue.severity]}>{SEVERITY_LABELS[issue.severity]}</Badge>
                  </div>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm">
              <Link href={issuesHref} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
                {issues.data.total > issues.data.data.length ? `All ${issues.data.total} open issues` : "Go to issues"}
              </Link>
            </p>
          </>
        )}
      </div>
    </Card>
  );
}
