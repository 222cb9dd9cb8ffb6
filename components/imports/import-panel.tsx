"use client";

import { useEffect, useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { formatDateTime } from "@/components/ui/format";
import { ProgressBar } from "@/components/ui/progress-bar";
import { commitImport, importKeys, importQuery, type UrlImport } from "@/lib/queries/imports";
import { projectKeys } from "@/lib/queries/projects";
import type { ProjectPath } from "@/lib/queries/urls";
import { fileSize, IMPORT_STATUS_LABELS, IMPORT_STATUS_TONE, n } from "./labels";
import { RowErrorsTable } from "./row-errors-table";

/** One import: its preview totals and row errors, the commit button, then the live progress of the commit. */
export function ImportPanel({ projectRef, importId, onClose }: { projectRef: ProjectPath; importId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const imp = useQuery(importQuery(projectRef, importId));
  const status = imp.data?.status;
  const previous = useRef(status);

  const commit = useMutation({
    mutationFn: () => commitImport(projectRef, importId),
    onSuccess: (updated) => queryClient.setQueryData(importKeys.one(projectRef, importId), updated),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...importKeys.all(projectRef), "list"] }),
  });

  // When a commit finishes, the URL list, the counters and the history are out of date.
  useEffect(() => {
    if (previous.current === "committing" && status && status !== "committing") {
      void queryClient.invalidateQueries({ queryKey: projectKeys.project(projectRef.orgId, projectRef.projectId) });
    }
    previous.current = status;
  }, [status, queryClient, projectRef.orgId, projectRef.projectId]);

  return (
    <Card>
      <section aria-labelledby="import-panel-heading" data-testid="import-panel" className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="import-panel-heading" className="wrap-anywhere text-base font-semibold">{imp.data ? imp.data.fileName : "Import"}</h2>
            {imp.data && (
              <p className="mt-1 text-sm text-slate-600">
                {fileSize(imp.data.fileSizeBytes)} · uploaded <time dateTime={imp.data.createdAt}>{formatDateTime(imp.data.createdAt)}</time>
                {imp.data.headerDetected && " · first row read as a header and skipped"}
              </p>
            )}
          </div>
          <div className="flex items-center gap-2">
            {imp.data && <Badge tone={IMPORT_STATUS_TONE[imp.data.status]}>{IMPORT_STATUS_LABELS[imp.data.status]}</Badge>}
            <Button variant="ghost" onClick={onClose}>Close</Button>
          </div>
        </div>

        {imp.isPending ? (
          <div role="status" aria-busy="true" className="h-32 animate-pulse rounded bg-slate-100"><span className="sr-only">Loading the import…</span></div>
        ) : imp.isError ? (
          <ErrorAlert error={imp.error} />
        ) : (
          <>
            <Totals imp={imp.data} />
            <Progress imp={imp.data} />
            {commit.isError && <ErrorAlert error={commit.error} />}
            {imp.data.status === "ready" && (
              <div className="flex flex-wrap items-center gap-3">
                <Button onClick={() => commit.mutate()} disabled={commit.isPending || (imp.data.netNewRows ?? 0) === 0}>
                  {commit.isPending ? "Committing…" : `Add ${n(imp.data.netNewRows)} new URL${imp.data.netNewRows === 1 ? "" : "s"}`}
                </Button>
                <p className="text-sm text-slate-600">
                  {(imp.data.netNewRows ?? 0) === 0 ? imp.data.excludedRows ? "Nothing new to add: every valid URL is tracked already or excluded from tracking." : "Nothing new to add: every valid URL is tracked already." : "Free of charge."}{" "}
                  The preview expires <time dateTime={imp.data.expiresAt}>{formatDateTime(imp.data.expiresAt)}</time>.
                </p>
              </div>
            )}
            {imp.data.rowErrors.length > 0 && <RowErrorsTable errors={imp.data.rowErrors} invalidRows={(imp.data.invalidRows ?? imp.data.rowErrors.length) + (imp.data.excludedRows ?? 0)} />}
          </>
        )}
      </section>
    </Card>
  );
}

function Totals({ imp }: { imp: UrlImport }) {
  const items: [string, number | null][] = [
    ["Rows", imp.totalRows], ["Valid", imp.validRows], ["Invalid", imp.invalidRows],
    ["Repeated in the file", imp.duplicateInFileRows], ["Already tracked", imp.alreadyTrackedRows],
    // Only when some are: URLs someone stopped tracking, left out (the row list says why).
    ...(imp.excludedRows ? [["Excluded from tracking", imp.excludedRows] as [string, number]] : []), ["New", imp.netNewRows],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="import-totals">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md border border-slate-200 px-3 py-2">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value === null ? "—" : n(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Progress({ imp }: { imp: UrlImport }) {
  if (imp.status === "failed") return <ErrorAlert error={new Error(imp.error ?? "The import failed.")} />;
  if (imp.status === "expired") return <p className="text-sm text-slate-700">This preview expired before it was committed. Upload the file again to import it.</p>;
  if (imp.status === "cancelled") return <p className="text-sm text-slate-700">This import was cancelled. Upload the file again to import it.</p>;
  if (imp.status !== "committing" && imp.status !== "completed") return null;
  // The commit inserts the net-new rows in chunks; processedRows counts the rows of the chunks done.
  const total = Math.max(imp.netNewRows ?? 0, imp.processedRows);
  const done = imp.status === "completed" ? total : imp.processedRows;
  return (
    <div className="space-y-2" data-testid="import-progress">
      <ProgressBar label={imp.status === "completed" ? "Import complete" : "Adding URLs"} value={total === 0 ? 1 : done} max={total === 0 ? 1 : total} />
      <p className="text-sm text-slate-600" aria-live="polite">
        {imp.status === "completed"
          ? `${n(imp.insertedRows)} added, ${n(imp.skippedRows)} skipped (tracked meanwhile)${imp.completedAt ? `, finished ${formatDateTime(imp.completedAt)}` : ""}.`
          : `${n(imp.processedRows)} of ${n(total)} rows processed…`}
      </p>
    </div>
  );
}
