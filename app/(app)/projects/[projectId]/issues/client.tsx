"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { IssueGroups } from "@/components/issues/issue-groups";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { issuesQuery } from "@/lib/queries/issues";
import { issueFilters, STATUS_TABS, statusHref, statusTabFrom, type StatusTab } from "./search-params";

const TAB_LABELS: Record<StatusTab, string> = { open: "Open", ignored: "Ignored", resolved: "Resolved", all: "All" };
const EMPTY: Record<StatusTab, [string, string]> = {
  open: ["No open issues", "Nothing needs your attention. Issues appear here when a sync, an audit or an inspection finds a problem."],
  ignored: ["No ignored issues", "Ignore an issue type from its page when it is expected for this site; it stays listed here."],
  resolved: ["No resolved issues", "Issues you resolve, and issues that clear by themselves, are listed here."],
  all: ["No issues yet", "Sync the sitemap from the Sitemaps tab: the sync and the audits that follow report problems here."],
};

export function IssuesClient({ orgId, projectId }: { orgId: string; projectId: string }) {
  const ref = { orgId, projectId };
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const tab = statusTabFrom((k) => searchParams.get(k));
  const issues = useQuery(issuesQuery(ref, issueFilters(tab)));

  return (
    <section aria-labelledby="issues-heading" className="space-y-4">
      <div>
        <h2 id="issues-heading" className="text-lg font-semibold">Issues</h2>
        <p className="mt-1 max-w-prose text-sm text-slate-600">Problems found on this site, one group per type, the most severe first.</p>
      </div>

      <div role="group" aria-label="Show issues by status" className="flex flex-wrap gap-2">
        {STATUS_TABS.map((t) => (
          <Button key={t} variant={t === tab ? "primary" : "secondary"} aria-pressed={t === tab} onClick={() => window.history.pushState(null, "", statusHref(pathname, t))}>
            {TAB_LABELS[t]}
          </Button>
        ))}
      </div>

      {issues.isPending ? (
        <ListSkeleton label="Loading issues…" rows={6} />
      ) : issues.isError ? (
        <QueryError error={issues.error} retry={issues.refetch} />
      ) : issues.data.data.length === 0 ? (
        <EmptyState title={EMPTY[tab][0]}>{EMPTY[tab][1]}</EmptyState>
      ) : (
        <IssueGroups projectId={projectId} issues={issues.data.data} />
      )}
    </section>
  );
}
