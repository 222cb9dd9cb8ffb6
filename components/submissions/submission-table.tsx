import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { DataTable, type Column } from "@/components/ui/data-table";
import { formatDateTime } from "@/components/ui/format";
import type { Submission } from "@/lib/queries/submissions";

export const SUBMISSION_STATUS: Record<Submission["status"], [string, BadgeTone]> = {
  pending: ["Pending", "neutral"], accepted: ["Accepted", "success"], submitted: ["Submitted", "info"], rejected: ["Rejected", "danger"], error: ["Error", "warning"],
};

const STATUS = SUBMISSION_STATUS;

/** What the endpoint answered: status, error, and the body behind a disclosure. */
export function SubmissionAnswer({ s }: { s: Submission }) {
  return (
    <>
      <p>{s.responseCode === null ? "No answer" : `HTTP ${s.responseCode}`}</p>
      {s.error && <p className="text-red-700">{s.error}</p>}
      {s.responseBody && (
        <details className="mt-1">
          <summary className="cursor-pointer text-brand-700">Response body</summary>
          <pre className="mt-1 max-h-48 max-w-[32rem] overflow-auto whitespace-pre-wrap wrap-anywhere rounded bg-slate-50 p-2 font-mono text-xs text-slate-800">{s.responseBody}</pre>
        </details>
      )}
    </>
  );
}

const columns = (projectId: string): Column<Submission>[] => [
  {
    key: "sent", header: "Sent", className: "whitespace-nowrap",
    cell: (s) => (
      <Link href={`/projects/${projectId}/submissions/${s.id}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-800">
        <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>
      </Link>
    ),
  },
  { key: "status", header: "Status", className: "whitespace-nowrap", cell: (s) => <Badge tone={STATUS[s.status][1]}>{STATUS[s.status][0]}</Badge> },
  { key: "urls", header: "URLs", align: "right", cell: (s) => s.urlCount.toLocaleString("en-US") },
  { key: "response", header: "Response", className: "min-w-[14rem]", cell: (s) => <SubmissionAnswer s={s} /> },
];

/** One row per batch, its time opening the batch's URLs; the endpoint's answer body opens below its row. */
export function SubmissionTable({ projectId, submissions }: { projectId: string; submissions: Submission[] }) {
  return <DataTable label="Submissions" columns={columns(projectId)} rows={submissions} rowKey={(s) => s.id} rowProps={() => ({ "data-testid": "submission-row" })} />;
}
