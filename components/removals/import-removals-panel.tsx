"use client";

import { useId, useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClasses, TextField } from "@/components/ui/field";
import { FileDropZone } from "@/components/ui/file-drop-zone";
import { Pagination } from "@/components/ui/pagination";
import { importRemovals, removalKeys, type RemovalImport, type RemovalImportOptions } from "@/lib/queries/removals";
import type { ProjectPath } from "@/lib/queries/urls";
import { count, INTENT_LABELS } from "./labels";

const SKIPPED_PAGE = 20;
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * Declare removals from a file: options for rows without their own intent, a file, the preview of what will be declared
 * and what is left out (with the reasons in words), then the confirmation. The preview is read again when an option changes.
 */
export function ImportRemovalsPanel({ projectRef, onDeclared }: { projectRef: ProjectPath; onDeclared: () => void }) {
  const intentId = useId();
  const [file, setFile] = useState<{ file: File; key: number } | null>(null);
  const [intent, setIntent] = useState("");
  const [target, setTarget] = useState("");
  const [stuckAfterDays, setStuckAfterDays] = useState("30");
  const [done, setDone] = useState<RemovalImport | null>(null);
  const options: RemovalImportOptions = {
    intent: intent || undefined, redirectTarget: intent === "redirected" ? target.trim() || undefined : undefined, stuckAfterDays: Number(stuckAfterDays) || undefined,
  };
  const preview = useQuery({
    queryKey: [...removalKeys.all(projectRef), "import-preview", file?.key ?? 0, options],
    queryFn: () => importRemovals(projectRef, file!.file, options, true),
    enabled: file !== null, staleTime: Infinity, gcTime: 0, retry: false,
  });
  const declare = useMutation({
    mutationFn: () => importRemovals(projectRef, file!.file, options, false),
    onSuccess: (r) => { setDone(r); setFile(null); onDeclared(); },
  });
  const choose = (f: File) => { setDone(null); declare.reset(); setFile({ file: f, key: Date.now() }); };

  return (
    <div className="space-y-4" data-testid="removal-import">
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor={intentId} className="block text-sm font-medium text-slate-800">Intent of rows without one</label>
          <select id={intentId} value={intent} onChange={(e) => setIntent(e.target.value)} className={`${inputClasses} mt-1`}>
            <option value="">None: every row gives its own</option>
            {Object.entries(INTENT_LABELS).map(([k, v]) => <option key={k} value={k}>{v.label}</option>)}
          </select>
        </div>
        {intent === "redirected" && (
          <TextField label="Redirect target (optional)" type="url" value={target} onChange={(e) => setTarget(e.target.value)} hint="For redirected rows without their own target" />
        )}
        <TextField label="Stuck after (days)" type="number" min={1} max={365} value={stuckAfterDays} onChange={(e) => setStuckAfterDays(e.target.value)} />
      </div>
      <FileDropZone
        testId="removal-import-drop-zone" accept=".csv,.txt,text/csv,text/plain" busy={preview.isFetching || declare.isPending}
        busyText={declare.isPending ? "Declaring…" : `Reading ${file?.file.name ?? "the file"}…`} onFile={choose}
        hint={<>CSV: a URL column and, if you like, <code>intent</code> (gone, redirected, noindexed, blocked) and <code>redirect target</code> columns, with or without a header row. Text: one URL per line. At most 5 MiB.</>}
      />
      {preview.isError && <ErrorAlert error={preview.error} />}
      {file && preview.data && (
        <Preview data={preview.data}>
          {declare.isError && <ErrorAlert error={declare.error} />}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => declare.mutate()} disabled={declare.isPending || preview.isFetching || preview.data.declaredRows === 0}>
              {declare.isPending ? "Declaring…" : `Declare the removal of ${plural(preview.data.declaredRows, "URL")}`}
            </Button>
            <Button variant="secondary" onClick={() => setFile(null)}>Discard this file</Button>
          </div>
        </Preview>
      )}
      {done && (
        <div role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          {plural(done.declaredRows, "URL")} of {done.fileName} declared in {plural(done.removals.length, "removal")}: our audit and both engines are followed from now on.
          {done.skippedRows > 0 && ` ${plural(done.skippedRows, "row was", "rows were")} left out.`}
        </div>
      )}
    </div>
  );
}

function Preview({ data, children }: { data: RemovalImport; children: React.ReactNode }) {
  const [offset, setOffset] = useState(0);
  return (
    <section aria-labelledby="removal-import-preview" className="space-y-3 rounded-lg border border-slate-200 p-4" data-testid="removal-import-preview">
      <h4 id="removal-import-preview" className="wrap-anywhere font-semibold text-slate-900">Preview of {data.fileName}</h4>
      <p className="text-sm text-slate-700">
        {plural(data.totalRows, "row")}{data.headerDetected && " (after the header)"}: <strong>{plural(data.declaredRows, "URL")} to declare</strong>, {plural(data.skippedRows, "row")} left out.
        {" "}Columns read: the URL from &ldquo;{data.columns.url}&rdquo;{data.columns.intent && <>, the intent from &ldquo;{data.columns.intent}&rdquo;</>}
        {data.columns.redirectTarget && <>, the redirect target from &ldquo;{data.columns.redirectTarget}&rdquo;</>}.
      </p>
      {data.intents.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-slate-800">
          {data.intents.map((i) => (
            <li key={i.intent}>
              {INTENT_LABELS[i.intent]?.label ?? i.intent}: {plural(i.urls, "URL")}
              {i.redirectTarget ? ` → ${i.redirectTarget}` : i.ownRedirectTargets ? `, ${count(i.ownRedirectTargets)} with their own redirect target` : ""}
            </li>
          ))}
        </ul>
      )}
      {data.warnings.map((w) => <p key={w.code} className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">{w.message}</p>)}
      {data.skippedByReason.length > 0 && (
        <div className="space-y-2">
          <h5 className="text-sm font-semibold text-slate-900">Left out</h5>
          <ul className="list-disc pl-5 text-sm text-slate-700">
            {data.skippedByReason.map((r) => <li key={r.reason}>{r.message} ({count(r.count)})</li>)}
          </ul>
          <DataTable
            label={`Rows of ${data.fileName} left out`} variant="contained" rows={data.skipped.slice(offset, offset + SKIPPED_PAGE)}
            rowKey={(s) => `${s.line}-${s.reason}`} rowProps={() => ({ "data-testid": "removal-import-skipped" })}
            columns={[
              { key: "line", header: "Line", align: "right", cell: (s) => s.line },
              { key: "why", header: "Why it is left out", className: "min-w-[12rem] max-w-[28rem]", cell: (s) => s.message },
              { key: "value", header: "Value", className: "max-w-[20rem] wrap-anywhere font-mono text-xs", cell: (s) => s.value ?? "—" },
            ]}
          />
          <Pagination label="Rows left out" offset={offset} limit={SKIPPED_PAGE} total={data.skipped.length} shown={Math.min(SKIPPED_PAGE, data.skipped.length - offset)} onOffset={setOffset} />
          {data.skippedRows > data.skipped.length && <p className="text-xs text-slate-600">The first {count(data.skipped.length)} rows left out are listed.</p>}
        </div>
      )}
      {children}
    </section>
  );
}
