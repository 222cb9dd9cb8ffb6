import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { formatDateTime } from "@/components/ui/format";
import type { Issue, IssueMembership } from "@/lib/queries/issues";
import { UrlEvidence } from "./url-evidence";

/**
 * A group's memberships, open first, each with its evidence; each URL opens its detail panel on the URLs page
 * (`readOnly`: plain text, a share link).
 */
export function IssueUrlsTable({ projectId, type, memberships, readOnly = false }: {
  projectId: string; type: Issue["type"]; memberships: IssueMembership[]; readOnly?: boolean;
}) {
  return (
    <DataTable
      label="Affected URLs" rows={memberships} rowKey={(m) => m.id} rowProps={() => ({ "data-testid": "issue-url-row" })}
      columns={[
        {
          key: "url", header: "URL", className: "max-w-[24rem]",
          cell: (m) => readOnly ? <span className="wrap-anywhere">{m.url}</span> : (
            <Link href={`/projects/${projectId}/urls?url=${m.trackedUrlId}`} className="block truncate text-brand-700 underline-offset-2 hover:underline" title={m.url}>
              {m.url}
            </Link>
          ),
        },
        { key: "evidence", header: "Evidence", cell: (m) => <UrlEvidence type={type} evidence={m.evidence} /> },
        { key: "state", header: "State", className: "whitespace-nowrap", cell: (m) => (m.resolvedAt ? <Badge tone="success">Resolved {formatDateTime(m.resolvedAt)}</Badge> : <Badge tone="danger">Affected</Badge>) },
        { key: "detected", header: "Detected", className: "whitespace-nowrap", cell: (m) => <time dateTime={m.detectedAt}>{formatDateTime(m.detectedAt)}</time> },
      ]}
    />
  );
}
