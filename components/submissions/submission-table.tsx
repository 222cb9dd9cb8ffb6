import { Badge, type BadgeTone } from "@/components/ui/badge";
import { DataTable, type Column } from "@/components/ui/data-table";
import { formatDateTime } from "@/components/ui/format";
import type { Submission } from "@/lib/queries/submissions";

const STATUS: Record<Submission["status"], [string, BadgeTone]> = {
  pending: ["Pending", "neutral"], accepted: ["Accepted", "success"], submitted: ["Submitted", "info"], rejected: ["Rejected", "danger"], error: ["Error", "warning"],
};

const COLUMNS: Column<Submission>[] = [
  { key: "sent", header: "Sent", className: "whitespace-nowrap", cell: (s) => <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time> },
  { key: "status", header: "Status", className: "whitespace-nowrap", cell: (s) => <Badge tone={STATUS[s.status][1]}>{STATUS[s.status][0]}</Badge> },
  { key: "urls", header: "URLs", align: "right", cell: (s) => s.urlCount.toLocaleString("en-US") },
  {
    key: "response", header: "Response", className: "min-w-[14rem]",
    cell: (s) => (
      <>
        <p>{s.responseCode === null ? "No answer" : `HTTP ${s.responseCode}`}</p>
        {s.error && <p className="text-red-700">{s.error}</p>}
        {s.responseBody && (
          <details className="mt-1">
            <summary className="cursor-pointer text-brand-700">Response body</summary>
            <pre className="mt-1 max-h-48 max-w-[32rem] overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-xs text-slate-800">{s.responseBody}</pre>
          </details>
        )}
      </>
    ),
  },
];

/** One row per batch; the endpoint's answer body opens below its row. */
export function SubmissionTable({ submissions }: { submissions: Submission[] }) {
  return <DataTable label="Submissions" columns={COLUMNS} rows={submissions} rowKey={(s) => s.id} rowProps={() => ({ "data-testid": "submission-row" })} />;
}
