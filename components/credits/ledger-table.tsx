import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { formatDateTime } from "@/components/ui/format";
import type { LedgerEntry, LedgerKind } from "@/lib/queries/credits";

export const KIND_LABELS: Record<LedgerKind, [string, BadgeTone]> = {
  grant: ["Added", "success"], sitemap_admission: ["Sitemap sync", "info"], inspection: ["Inspection", "warning"], refund: ["Refund", "success"], adjustment: ["Adjustment", "neutral"],
  render: ["Render", "warning"],
};

const link = "text-brand-700 underline-offset-2 hover:underline";

/** The ledger, newest first: what moved the credits, on which project and URL, who caused it, the amount and the balance after. */
export function LedgerTable({ entries }: { entries: LedgerEntry[] }) {
  return (
    <DataTable
      label="Credit ledger" rows={entries} rowKey={(e) => e.id} rowProps={() => ({ "data-testid": "ledger-row" })}
      columns={[
        { key: "when", header: "When", className: "whitespace-nowrap", cell: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time> },
        { key: "kind", header: "Kind", className: "whitespace-nowrap", cell: (e) => <Badge tone={KIND_LABELS[e.kind][1]}>{KIND_LABELS[e.kind][0]}</Badge> },
        {
          key: "what", header: "What", className: "min-w-[14rem] max-w-[26rem]",
          cell: (e) => (
            <>
              <p>{e.description}</p>
              {e.url && <Link href={`/projects/${e.project?.id}/urls?url=${e.url.id}`} className={`${link} block truncate text-xs`} title={e.url.url}>{e.url.url}</Link>}
              {e.actor && <p className="text-xs text-slate-600">by {e.actor.email ?? "a former member"}</p>}
            </>
          ),
        },
        {
          key: "project", header: "Project", className: "max-w-[14rem]",
          cell: (e) => !e.project ? <span className="text-slate-500">—</span>
            : e.project.deleted ? <span className="text-slate-600">{e.project.name} (deleted)</span>
              : <Link href={`/projects/${e.project.id}`} className={`${link} block truncate`}>{e.project.name}</Link>,
        },
        {
          key: "amount", header: "Credits", align: "right",
          cell: (e) => <span className={e.amount < 0 ? "text-slate-900" : "text-emerald-700"}>{e.amount > 0 ? "+" : "−"}{Math.abs(e.amount).toLocaleString("en-US")}</span>,
        },
        { key: "balance", header: "Balance after", align: "right", cell: (e) => e.balanceAfter.toLocaleString("en-US") },
      ]}
    />
  );
}
