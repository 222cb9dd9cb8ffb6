"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable } from "@/components/ui/data-table";
import { formatDate } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { QueryError } from "@/components/ui/query-error";
import { ListSkeleton } from "@/components/ui/skeleton-blocks";
import { cancelRemoval, removalsPath, removalUrlsQuery, type RemovalBatch } from "@/lib/queries/removals";
import type { ProjectPath } from "@/lib/queries/urls";
import { BATCH_STATUS, count, days, INTENT_LABELS, STATE_LABELS } from "./labels";
import { RemovalProgress } from "./removal-progress";

const URLS_PAGE = 20;

/** One batch: status, progress per engine, stuck reasons, its URLs on demand, downloads, the public sitemap address, cancel. */
export function RemovalBatchCard({ projectRef, batch, onChanged }: { projectRef: ProjectPath; batch: RemovalBatch; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const title = `${INTENT_LABELS[batch.intent]?.label ?? batch.intent}: ${count(batch.counts.total)} URL${batch.counts.total === 1 ? "" : "s"}`;
  const status = BATCH_STATUS[batch.status];
  return (
    <Card>
      <article aria-label={`Removal ${title}, declared ${formatDate(batch.createdAt)}`} className="space-y-4" data-testid="removal-batch">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 className="font-semibold text-slate-900">{title}</h3>
            <p className="text-sm text-slate-600">
              Declared <time dateTime={batch.createdAt}>{formatDate(batch.createdAt)}</time>
              {batch.redirectTarget && <> · to {batch.redirectTarget}{batch.redirectOffSite && " (another site)"}</>}
              {!batch.redirectTarget && batch.intent === "redirected" && batch.redirectOffSite && <> · some to another site</>}
              {" "}· stuck after {days(batch.stuckAfterDays)}
              {batch.medianDaysToRemoval !== null && <> · median time to removal {days(batch.medianDaysToRemoval)}</>}
            </p>
          </div>
          <div className="flex gap-2">
            {batch.counts.stuck > 0 && <Badge tone="danger">{count(batch.counts.stuck)} stuck</Badge>}
            <Badge tone={status.tone}>{status.label}</Badge>
          </div>
        </div>
        {batch.stuckReasons.length > 0 && (
          <div className="rounded-md bg-red-50 p-3 text-sm text-red-900">
            <p className="font-medium">Why they are stuck</p>
            <ul className="mt-1 list-disc pl-5">
              {batch.stuckReasons.map((r) => <li key={r.reason}>{r.reason} ({count(r.count)})</li>)}
            </ul>
          </div>
        )}
        {batch.counts.relisted > 0 && (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="removal-relisted">
            {count(batch.counts.relisted)} URL{batch.counts.relisted === 1 ? " was" : "s were"} listed in the sitemap again after the declaration: {batch.counts.relisted === 1 ? "its" : "their"} removal
            was cancelled. If {batch.counts.relisted === 1 ? "it" : "they"} should still leave the index, take {batch.counts.relisted === 1 ? "it" : "them"} out of the sitemap and declare again.
          </p>
        )}
        <p className="text-sm text-slate-700">
          {count(batch.counts.pending)} pending · {count(batch.counts.confirmedBySite)} confirmed by site · {count(batch.counts.removed)} removed · {count(batch.counts.stuck)} stuck
          {batch.counts.cancelled > 0 && <> · {count(batch.counts.cancelled)} cancelled</>}
        </p>
        <RemovalProgress batch={batch} />
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>{open ? "Hide URLs" : "Show URLs"}</Button>
          <a className={buttonClasses("secondary")} href={removalsPath(projectRef, `/${batch.id}/sitemap.xml`)} download>Download removal sitemap</a>
          <a className={buttonClasses("secondary")} href={removalsPath(projectRef, `/${batch.id}/urls?format=csv`)} download>Download CSV</a>
          {batch.sitemapUrl && <CopyButton value={batch.sitemapUrl} label="Copy public sitemap address" />}
          {batch.status === "active" && <Button variant="ghost" onClick={() => setConfirming(true)}>Cancel removal</Button>}
        </div>
        {batch.sitemapUrl && (
          <p className="text-xs text-slate-600">
            Submit the public address to Google Search Console and Bing Webmaster Tools so they re-fetch these URLs: <span className="wrap-anywhere font-mono">{batch.sitemapUrl}</span>
          </p>
        )}
        {open && <BatchUrls projectRef={projectRef} batchId={batch.id} connected={{ engineA: batch.engines.engineA.connected, engineB: batch.engines.engineB.connected }} label={`URLs of the removal ${title}, declared ${formatDate(batch.createdAt)}`} />}
      </article>
      {confirming && (
        <ConfirmDialog title="Cancel this removal?" confirmLabel="Cancel removal" busyLabel="Cancelling…" danger onClose={() => setConfirming(false)}
          onConfirm={async () => { await cancelRemoval(projectRef, batch.id); setConfirming(false); onChanged(); }}>
          The {count(batch.counts.pending + batch.counts.confirmedBySite + batch.counts.stuck)} URLs still followed are no longer watched, and the public removal sitemap stops answering. URLs already removed stay removed.
        </ConfirmDialog>
      )}
    </Card>
  );
}

function BatchUrls({ projectRef, batchId, label, connected }: { projectRef: ProjectPath; batchId: string; label: string; connected: { engineA: boolean; engineB: boolean } }) {
  const [offset, setOffset] = useState(0);
  const q = useQuery(removalUrlsQuery(projectRef, batchId, { offset, limit: URLS_PAGE }));
  if (q.isPending) return <ListSkeleton label="Loading the URLs…" rows={3} />;
  if (q.isError) return <QueryError error={q.error} retry={q.refetch} />;
  return (
    <div className="space-y-2">
      <DataTable
        label={label}
        rows={q.data.data}
        rowKey={(u) => u.id}
        rowProps={() => ({ "data-testid": "removal-url-row" })}
        columns={[
          { key: "url", header: "URL", className: "max-w-md wrap-anywhere", cell: (u) => u.url },
          { key: "state", header: "State", cell: (u) => <Badge tone={STATE_LABELS[u.state].tone}>{STATE_LABELS[u.state].label}</Badge> },
          { key: "site", header: "Our audit", cell: (u) => u.site.reason ?? "Not checked yet" },
          { key: "google", header: "Google", cell: (u) => engineCell(u.engines.engineA, connected.engineA) },
          { key: "bing", header: "Bing", cell: (u) => engineCell(u.engines.engineB, connected.engineB) },
        ]}
      />
      <Pagination label={label} offset={offset} limit={URLS_PAGE} total={q.data.meta.total} shown={q.data.data.length} onOffset={setOffset} />
    </div>
  );
}

function engineCell(e: { state: string | null; removedAt: string | null; daysToRemoval: number | null }, connected: boolean) {
  if (!connected && !e.removedAt) return <span className="text-slate-500">Not connected</span>;
  if (e.removedAt) return <>Removed <time dateTime={e.removedAt}>{formatDate(e.removedAt)}</time>{e.daysToRemoval !== null && ` (${days(e.daysToRemoval)})`}</>;
  return e.state ? e.state.replace(/_/g, " ") : "Not asked yet";
}
