"use client";

import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import type { LogImport } from "@/lib/queries/crawl";
import { bytes, count, LOG_FORMAT_LABELS, LOG_STATUS } from "./labels";
import { RejectSamples } from "./log-upload";

/** The uploaded logs, newest first, with what each one counted. */
export function LogImportsTable({ imports }: { imports: LogImport[] }) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="log-imports">
        <caption className="sr-only">Uploaded server logs, newest first</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs uppercase text-slate-600">
            <th scope="col" className="py-2 pr-3">File</th>
            <th scope="col" className="py-2 pr-3">Status</th>
            <th scope="col" className="py-2 pr-3 text-right">Lines</th>
            <th scope="col" className="py-2 pr-3 text-right">Verified</th>
            <th scope="col" className="py-2 pr-3 text-right">Spoofed</th>
            <th scope="col" className="py-2 pr-3 text-right">Rejected</th>
            <th scope="col" className="py-2 pr-3">Uploaded</th>
          </tr>
        </thead>
        <tbody>
          {imports.map((i) => (
            <tr key={i.id} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-3">
                <div className="wrap-anywhere font-medium text-slate-900">{i.fileName}</div>
                <div className="text-xs text-slate-600">{bytes(i.bytes)}{i.format ? ` · ${LOG_FORMAT_LABELS[i.format] ?? i.format}` : ""}</div>
                {i.error && <div className="mt-1 text-xs text-red-800">{i.error}</div>}
                {i.rejectSamples.length > 0 && <RejectSamples samples={i.rejectSamples} />}
              </td>
              <td className="py-2 pr-3"><Badge tone={LOG_STATUS[i.status].tone}>{LOG_STATUS[i.status].label}</Badge></td>
              <td className="py-2 pr-3 text-right tabular-nums">{count(i.linesRead)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{count(i.verifiedHits)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{count(i.unverifiedHits)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{count(i.rejected)}</td>
              <td className="py-2 pr-3 whitespace-nowrap"><time dateTime={i.createdAt}>{formatDateTime(i.createdAt)}</time></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
