"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { inputClasses } from "@/components/ui/field";
import { ProgressBar } from "@/components/ui/progress-bar";
import { crawlKeys, logImportQuery, uploadLog, type LogImport } from "@/lib/queries/crawl";
import type { ProjectPath } from "@/lib/queries/urls";
import { bytes, count, LOG_FORMAT_LABELS, LOG_STATUS, REJECT_REASONS } from "./labels";

/**
 * Upload a server log (plain or gzip, any size: the browser streams it) with an optional format, then
 * follow the import: a progress bar over the file's bytes and the counts as each chunk commits.
 */
export function LogUpload({ projectRef, onDone }: { projectRef: ProjectPath; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState("");
  const [importId, setImportId] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: () => uploadLog(projectRef, file!, format || null),
    onSuccess: (imp) => {
      setImportId(imp.id);
      void queryClient.invalidateQueries({ queryKey: crawlKeys.all(projectRef) });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (file) upload.mutate();
  }

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_16rem_auto] sm:items-end" aria-describedby={`${id}-hint`}>
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">Log file</label>
          <input id={`${id}-file`} type="file" name="file" required onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800" />
        </div>
        <div>
          <label htmlFor={`${id}-format`} className="block text-sm font-medium text-slate-800">Format</label>
          <select id={`${id}-format`} value={format} onChange={(e) => setFormat(e.target.value)} className={`mt-1 ${inputClasses}`}>
            <option value="">Detect automatically</option>
            {Object.entries(LOG_FORMAT_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
        <Button type="submit" disabled={!file || upload.isPending}>{upload.isPending ? "Uploading…" : "Upload log"}</Button>
      </form>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Access logs of nginx, Apache, IIS, CloudFront or Cloudflare, plain or gzip, up to 20 GiB. Lines are read, crawlers verified and daily counts kept;
        the lines themselves and visitors&apos; addresses are not stored.
      </p>
      {upload.isError && <ErrorAlert error={upload.error} />}
      {importId && <ImportProgress key={importId} projectRef={projectRef} importId={importId} onDone={onDone} />}
    </div>
  );
}

function ImportProgress({ projectRef, importId, onDone }: { projectRef: ProjectPath; importId: string; onDone: () => void }) {
  const imp = useQuery(logImportQuery(projectRef, importId));
  const reported = useRef(false);
  const finished = imp.data?.status === "completed" || imp.data?.status === "failed";
  useEffect(() => {
    if (finished && !reported.current) {
      reported.current = true;
      onDone();
    }
  }, [finished, onDone]);
  if (imp.isError) return <ErrorAlert error={imp.error} />;
  if (!imp.data) return <p role="status" className="text-sm text-slate-600">Starting…</p>;
  const d = imp.data;
  return (
    <div className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4" data-testid="log-import-progress">
      <div className="flex flex-wrap items-center gap-2">
        <span className="wrap-anywhere font-medium text-slate-900">{d.fileName}</span>
        <Badge tone={LOG_STATUS[d.status].tone}>{LOG_STATUS[d.status].label}</Badge>
        {d.format && <span className="text-sm text-slate-600">{LOG_FORMAT_LABELS[d.format] ?? d.format}</span>}
      </div>
      <ProgressBar label="Processed" value={d.bytesProcessed} max={Math.max(d.bytes, 1)} valueText={`${bytes(d.bytesProcessed)} of ${bytes(d.bytes)}`} />
      <p className="text-sm text-slate-700" aria-live="polite">
        {count(d.linesRead)} lines read, {count(d.crawlerHits)} crawler hits: {count(d.verifiedHits)} verified, {count(d.unverifiedHits)} spoofed
        {d.rejected > 0 ? `, ${count(d.rejected)} lines rejected` : ""}.
      </p>
      {d.error && <p role="alert" className="text-sm font-medium text-red-800">{d.error}</p>}
      {d.rejectSamples.length > 0 && <RejectSamples samples={d.rejectSamples} />}
    </div>
  );
}

export function RejectSamples({ samples }: { samples: LogImport["rejectSamples"] }) {
  return (
    <details className="text-sm text-slate-700">
      <summary className="cursor-pointer font-medium">Rejected lines (first {samples.length})</summary>
      <ul className="mt-1 list-inside list-disc">
        {samples.map((s) => <li key={s.line}>Line {count(s.line)}: {REJECT_REASONS[s.reason] ?? s.reason}</li>)}
      </ul>
    </details>
  );
}
