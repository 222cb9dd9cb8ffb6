import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import type { IssueMembership } from "@/lib/queries/issues";

const th = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const td = "px-3 py-2.5 align-top text-sm text-slate-700";

/** A group's memberships, open first; each URL opens its detail panel on the URLs page. */
export function IssueUrlsTable({ projectId, memberships }: { projectId: string; memberships: IssueMembership[] }) {
  return (
    <div role="region" aria-label="Affected URLs" tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>URL</th>
            <th scope="col" className={th}>State</th>
            <th scope="col" className={th}>Detected</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {memberships.map((m) => (
            <tr key={m.id} data-testid="issue-url-row">
              <td className={`${td} max-w-[32rem]`}>
                <Link href={`/projects/${projectId}/urls?url=${m.trackedUrlId}`} className="block truncate text-brand-700 underline-offset-2 hover:underline" title={m.url}>
                  {m.url}
                </Link>
              </td>
              <td className={`${td} whitespace-nowrap`}>
                {m.resolvedAt ? <Badge tone="success">Resolved {formatDateTime(m.resolvedAt)}</Badge> : <Badge tone="danger">Affected</Badge>}
              </td>
              <td className={`${td} whitespace-nowrap`}><time dateTime={m.detectedAt}>{formatDateTime(m.detectedAt)}</time></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
