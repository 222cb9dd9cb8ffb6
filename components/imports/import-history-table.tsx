import { Badge } from "@/components/ui/badge";
import { DataTable, type Column } from "@/components/ui/data-table";
import { formatDateTime } from "@/components/ui/format";
import type { UrlImport } from "@/lib/queries/imports";
import { IMPORT_STATUS_LABELS, IMPORT_STATUS_TONE, n } from "./labels";

export function ImportHistoryTable({ imports, currentId, onOpen }: { imports: UrlImport[]; currentId: string | null; onOpen: (id: string) => void }) {
  const columns: Column<UrlImport>[] = [
    {
      key: "file", header: "File", className: "max-w-[18rem]",
      cell: (i) => (
        <button type="button" onClick={() => onOpen(i.id)} className="block max-w-full truncate text-left font-medium text-brand-700 underline-offset-2 hover:underline" title={i.fileName}>
          {i.fileName}
        </button>
      ),
    },
    { key: "status", header: "Status", className: "whitespace-nowrap", cell: (i) => <Badge tone={IMPORT_STATUS_TONE[i.status]}>{IMPORT_STATUS_LABELS[i.status]}</Badge> },
    { key: "uploaded", header: "Uploaded", className: "whitespace-nowrap", cell: (i) => <time dateTime={i.createdAt}>{formatDateTime(i.createdAt)}</time> },
    { key: "rows", header: "Rows", align: "right", cell: (i) => n(i.totalRows) },
    { key: "new", header: "New", align: "right", cell: (i) => n(i.netNewRows) },
    { key: "added", header: "Added", align: "right", cell: (i) => (i.status === "ready" || i.status === "pending" ? "—" : n(i.insertedRows)) },
  ];
  return (
    <DataTable
      label="Import history" columns={columns} rows={imports} rowKey={(i) => i.id}
      rowProps={(i) => ({ "data-testid": "import-row", "aria-current": i.id === currentId || undefined, className: i.id === currentId ? "bg-brand-50" : undefined })}
    />
  );
}
