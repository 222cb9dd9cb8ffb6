import { DataTable, type Column } from "@/components/ui/data-table";
import type { UrlImport } from "@/lib/queries/imports";
import { importRowReasonText, n } from "./labels";

type RowError = UrlImport["rowErrors"][number];
const COLUMNS: Column<RowError>[] = [
  { key: "line", header: "Line", align: "right", cell: (e) => e.line },
  { key: "reason", header: "Why it is left out", className: "min-w-[12rem] max-w-[28rem]", cell: (e) => importRowReasonText(e.reason) },
  { key: "value", header: "Value", className: "max-w-[20rem] wrap-anywhere font-mono text-xs", cell: (e) => e.value ?? "—" },
];

/** The rows the preview left out: invalid, or excluded from tracking (the API keeps the first 1,000). */
export function RowErrorsTable({ errors, invalidRows }: { errors: UrlImport["rowErrors"]; invalidRows: number }) {
  return (
    <section aria-labelledby="row-errors-heading" className="space-y-2">
      <h3 id="row-errors-heading" className="text-sm font-semibold">Rows that will not be imported</h3>
      {invalidRows > errors.length && <p className="text-sm text-slate-600">The first {n(errors.length)} of {n(invalidRows)} rows left out are listed.</p>}
      <DataTable label="Row errors" variant="contained" columns={COLUMNS} rows={errors} rowKey={(e) => `${e.line}-${e.reason}`} rowProps={() => ({ "data-testid": "row-error" })} />
    </section>
  );
}
