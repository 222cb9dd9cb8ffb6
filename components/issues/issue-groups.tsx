import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import { PROJECT_LEVEL_TYPES } from "@/lib/issues/severity";
import type { Issue } from "@/lib/queries/issues";
import { SEVERITY_LABELS, SEVERITY_ORDER, SEVERITY_TONE, STATUS_LABELS, STATUS_TONE } from "./labels";
import { issueTitle } from "@/lib/issues/issue-types";

const SAMPLES_SHOWN = 3;
const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** Issue groups under one heading per severity, each heading with its counts; `issueHref` where each opens (a share link's own pages). */
export function IssueGroups({ projectId, issues, issueHref = (issue) => `/projects/${projectId}/issues/${issue.id}` }: {
  projectId: string; issues: Issue[]; issueHref?: (issue: Issue) => string;
}) {
  return (
    <div className="space-y-6">
      {SEVERITY_ORDER.map((severity) => {
        const group = issues.filter((i) => i.severity === severity);
        if (group.length === 0) return null;
        const urls = group.reduce((sum, i) => sum + i.affectedUrlCount, 0);
        return (
          <section key={severity} aria-labelledby={`severity-${severity}`} data-testid={`severity-${severity}`} className="space-y-3">
            <h3 id={`severity-${severity}`} className="flex flex-wrap items-center gap-2 text-base font-semibold">
              <Badge tone={SEVERITY_TONE[severity]}>{SEVERITY_LABELS[severity]}</Badge>
              <span className="text-sm font-normal text-slate-600">{count(group.length, "issue", "issues")} · {count(urls, "affected URL", "affected URLs")}</span>
            </h3>
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
              {group.map((issue) => (
                <li key={issue.id} data-testid="issue-card" className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <Link href={issueHref(issue)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                      {issueTitle(issue.type)}
                    </Link>
                    {issue.status !== "open" && <Badge tone={STATUS_TONE[issue.status]}>{STATUS_LABELS[issue.status]}</Badge>}
                  </div>
                  <p className="mt-1 text-sm text-slate-600">
                    {PROJECT_LEVEL_TYPES.includes(issue.type) ? "Affects the whole project" : issue.affectedUrlCount > 0 ? count(issue.affectedUrlCount, "affected URL", "affected URLs") : "No affected URL at the moment"} · last seen{" "}
                    <time dateTime={issue.lastDetectedAt}>{formatDateTime(issue.lastDetectedAt)}</time>
                  </p>
                  {issue.sampleUrls.length > 0 && (
                    <ul aria-label="Sample URLs" className="mt-2 space-y-0.5 text-xs text-slate-700">
                      {issue.sampleUrls.slice(0, SAMPLES_SHOWN).map((u) => <li key={u} className="truncate font-mono" title={u}>{u}</li>)}
                      {issue.affectedUrlCount > SAMPLES_SHOWN && <li className="text-slate-600">and {count(issue.affectedUrlCount - SAMPLES_SHOWN, "more", "more")}</li>}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
