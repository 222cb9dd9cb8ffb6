import type { UrlImport } from "@/lib/queries/imports";
import { n } from "./labels";

const th = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const td = "px-3 py-2 align-top text-sm text-slate-700";

/** The rows the preview rejected (the API keeps the first 1,000). */
export function RowErrorsTable({ errors, invalidRows }: { errors: UrlImport["rowErrors"]; invalidRows: number }) {
  return (
    <section aria-labelledby="row-errors-heading" className="space-y-2">
      <h3 id="row-errors-heading" className="text-sm font-semibold">Rows that will not be imported</h3>
      {invalidRows > errors.length && <p className="text-sm text-slate-600">The first {n(errors.length)} of {n(invalidRows)} invalid rows are listed.</p>}
      <div role="region" aria-label="Row errors" tabIndex={0} className="max-h-80 overflow-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full divide-y divide-slate-200">
          <thead className="sticky top-0 bg-slate-50">
            <tr>
              <th scope="col" className={th}>Line</th>
              <th scope="col" className={th}>Reason</th>
              <th scope="col" className={th}>Value</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {errors.map((e) => (
              <tr key={`${e.line}-${e.reason}`} data-testid="row-error">
                <td className={`${td} tabular-nums`}>{e.line}</td>
                <td className={td}>{e.reason}</td>
                <td className={`${td} max-w-[20rem] break-all font-mono text-xs`}>{e.value ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
