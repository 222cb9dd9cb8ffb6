import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import type { Submission } from "@/lib/queries/submissions";

const STATUS: Record<Submission["status"], [string, BadgeTone]> = {
  pending: ["Pending", "neutral"], accepted: ["Accepted", "success"], submitted: ["Submitted", "info"], rejected: ["Rejected", "danger"], error: ["Error", "warning"],
};

const th = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const td = "px-3 py-2.5 align-top text-sm text-slate-700";

/** One row per batch; the endpoint's answer body opens below its row. */
export function SubmissionTable({ submissions }: { submissions: Submission[] }) {
  return (
    <div role="region" aria-label="Submissions" tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>Sent</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={`${th} text-right`}>URLs</th>
            <th scope="col" className={th}>Response</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {submissions.map((s) => (
            <tr key={s.id} data-testid="submission-row">
              <td className={`${td} whitespace-nowrap`}><time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time></td>
              <td className={`${td} whitespace-nowrap`}><Badge tone={STATUS[s.status][1]}>{STATUS[s.status][0]}</Badge></td>
              <td className={`${td} text-right tabular-nums`}>{s.urlCount.toLocaleString("en-US")}</td>
              <td className={`${td} min-w-[14rem]`}>
                <p>{s.responseCode === null ? "No answer" : `HTTP ${s.responseCode}`}</p>
                {s.error && <p className="text-red-700">{s.error}</p>}
                {s.responseBody && (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-brand-700">Response body</summary>
                    <pre className="mt-1 max-h-48 max-w-[32rem] overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-xs text-slate-800">{s.responseBody}</pre>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
