import { formatDateTime } from "@/components/ui/format";
import { PROJECT_LEVEL_TYPES } from "@/lib/issues/severity";
import type { Issue } from "@/lib/queries/issues";
import { ISSUE_METADATA_LABELS, ISSUE_SOURCE_LABELS } from "./labels";

/** When an issue group was detected, ignored (with its note) and resolved, how many URLs it affects, and what its first detection recorded. */
export function IssueFacts({ issue }: { issue: Issue }) {
  const metadata = Object.entries(issue.metadata);
  return (
    <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="text-slate-600">Affected URLs</dt>
      <dd className="tabular-nums" data-testid="issue-affected">
        {PROJECT_LEVEL_TYPES.includes(issue.type) ? "The whole project" : issue.affectedUrlCount > 0 ? issue.affectedUrlCount.toLocaleString("en-US") : "None at the moment"}
      </dd>
      {issue.status === "ignored" && issue.ignoredAt && (
        <>
          <dt className="text-slate-600">Ignored</dt>
          <dd data-testid="issue-ignored">
            <time dateTime={issue.ignoredAt}>{formatDateTime(issue.ignoredAt)}</time>
            {issue.ignoredBy?.email && <> by {issue.ignoredBy.email}</>}
            {issue.ignoreNote ? <blockquote className="mt-1 whitespace-pre-wrap break-words border-l-2 border-slate-300 pl-3 text-slate-800">{issue.ignoreNote}</blockquote> : <span className="text-slate-600"> (no note)</span>}
          </dd>
        </>
      )}
      <dt className="text-slate-600">First detected</dt>
      <dd><time dateTime={issue.firstDetectedAt}>{formatDateTime(issue.firstDetectedAt)}</time></dd>
      <dt className="text-slate-600">Last detected</dt>
      <dd><time dateTime={issue.lastDetectedAt}>{formatDateTime(issue.lastDetectedAt)}</time></dd>
      {issue.resolvedAt && (
        <>
          <dt className="text-slate-600">Resolved</dt>
          <dd><time dateTime={issue.resolvedAt}>{formatDateTime(issue.resolvedAt)}</time></dd>
        </>
      )}
      {metadata.length > 0 && (
        <>
          <dt className="text-slate-600">At first detection</dt>
          <dd className="min-w-0">
            <ul className="space-y-0.5">
              {metadata.map(([k, v]) => (
                <li key={k} className="wrap-anywhere">
                  {ISSUE_METADATA_LABELS[k] ? <span className="text-slate-600">{ISSUE_METADATA_LABELS[k]}</span> : <span className="font-mono text-xs text-slate-600">{k}</span>}:{" "}
                  {k === "source" && typeof v === "string" ? ISSUE_SOURCE_LABELS[v] ?? v : typeof v === "string" ? v : JSON.stringify(v)}
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </dl>
  );
}
