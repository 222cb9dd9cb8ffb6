"use client";

import Link from "next/link";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { markIntended, siteChangeKeys, siteChangesQuery, type Deploy, type SiteChange } from "@/lib/queries/site-changes";
import type { ProjectPath } from "@/lib/queries/urls";

export const SITE_CHANGES_PAGE = { offset: 0, limit: 20 };
const STATUS: Record<SiteChange["status"], { label: string; tone: BadgeTone }> = {
  open: { label: "Open", tone: "danger" }, reverted: { label: "Reverted", tone: "success" }, intended: { label: "Intended", tone: "neutral" },
};

/** Site changes, open first: what changed, where, on how many URLs, after which deploy; an open one can be marked intended. */
export function SiteChangesList({ projectRef, deploys }: { projectRef: ProjectPath; deploys: Deploy[] }) {
  const [offset, setOffset] = useState(0);
  const page = { ...SITE_CHANGES_PAGE, offset };
  const q = useQuery(siteChangesQuery(projectRef, page));
  const queryClient = useQueryClient();
  const intended = useMutation({
    mutationFn: (id: string) => markIntended(projectRef, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteChangeKeys.all(projectRef) }),
  });
  const deployOf = new Map(deploys.map((d) => [d.id, d]));

  if (q.isPending) return <ListSkeleton label="Loading site changes…" rows={3} />;
  if (q.isError) return <QueryError error={q.error} retry={q.refetch} />;
  if (!q.data.data.length) {
    return (
      <EmptyState title="No site change seen" headingLevel={3}>
        When the same field changes the same way on many pages at once (a template sets noindex, canonicals point to the home page, titles go empty),
        it shows here as one change, with the deploy before it.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-3">
      {intended.isError && <ErrorAlert error={intended.error} />}
      <ul className="space-y-3" aria-label="Site changes">
        {q.data.data.map((c) => {
          const deploy = c.deployId ? deployOf.get(c.deployId) : undefined;
          return (
            <li key={c.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="site-change">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium text-slate-900">{c.text}</p>
                  <p className="text-sm text-slate-600">
                    {c.sections.length ? <>In {c.sections.slice(0, 4).map((s) => (s ? `/${s}/` : "/")).join(", ")}{c.sections.length > 4 ? ` and ${c.sections.length - 4} more sections` : ""}. </> : null}
                    First seen {formatDateTime(c.firstSeenAt)}
                    {c.deployId ? <>, after the deploy {deploy?.ref ? <span className="font-mono">{deploy.ref}</span> : null}{deploy ? ` of ${formatDateTime(deploy.at)}` : ""}</> : null}.
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone={STATUS[c.status].tone}>{STATUS[c.status].label}</Badge>
                  {c.status === "open" && (
                    <Button variant="secondary" disabled={intended.isPending} onClick={() => intended.mutate(c.id)}>Mark intended</Button>
                  )}
                </div>
              </div>
              {c.sampleUrls.length > 0 && (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer text-brand-700">Sample URLs ({c.sampleUrls.length} of {c.urlCount.toLocaleString("en-US")})</summary>
                  <ul className="mt-1 space-y-0.5 font-mono text-xs text-slate-700">
                    {c.sampleUrls.map((u) => <li key={u} className="wrap-anywhere">{u}</li>)}
                  </ul>
                </details>
              )}
            </li>
          );
        })}
      </ul>
      <Pagination label="Site changes" offset={offset} limit={SITE_CHANGES_PAGE.limit} total={q.data.meta.total} shown={q.data.data.length} onOffset={setOffset} />
    </div>
  );
}

/**
 * The overview's line when site changes are open: "2 site changes open: canonical now points to the home page on
 * 240 URLs" with a link to the Changes tab. Nothing when none is open.
 */
export function OpenSiteChangesLine({ projectRef }: { projectRef: ProjectPath }) {
  const q = useQuery(siteChangesQuery(projectRef, SITE_CHANGES_PAGE));
  const open = (q.data?.data ?? []).filter((c) => c.status === "open");
  if (!open.length) return null;
  const more = open.length > 1 ? ` (and ${open.length - 1} more)` : "";
  return (
    <p className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900" role="status">
      Site change open: {open[0].text}{more}.{" "}
      <Link href={`/projects/${projectRef.projectId}/changes`} className="font-medium underline">See the changes</Link>
    </p>
  );
}
