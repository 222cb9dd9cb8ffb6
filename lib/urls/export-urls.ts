import type { OrgCtx } from "@/lib/core/context";
import { csvStream, type CsvCell } from "@/lib/csv/csv-stream";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { exportLayout } from "./export-columns";
import { URL_EXPORT_COLUMNS } from "./internal";
import type { ExportUrlsQuery } from "./schemas";
import { walkUrls } from "./walk-urls";

export { URL_EXPORT_COLUMNS };

/** `shop.example-urls-2026-11-26.csv`: the project's domain and the UTC date. */
export const exportFileName = (domain: string, what: string, now = new Date()) => `${domain}-${what}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * Every URL of the project that the list's filters (and `ids`, a selection) match, in the list's order, as a CSV
 * stream: the project is looked up first (404 before any byte), then the rows are read batch by batch as the client
 * reads (walkUrls), so a million URLs take the memory of one batch.
 */
export async function exportUrls(ctx: OrgCtx, projectId: string, query: ExportUrlsQuery, now = new Date()) {
  const project = await getProjectOrThrow(ctx, projectId);
  const { sort, ids, columns, header, ...filters } = query;
  const layout = exportLayout({ columns, header });
  const rows = walkUrls(project.id, filters, sort, ids) as AsyncGenerator<CsvCell[][]>;
  const all = layout.indexes.length === URL_EXPORT_COLUMNS.length;
  async function* picked(): AsyncGenerator<CsvCell[][]> {
    try {
      for await (const batch of rows) yield batch.map((r) => layout.indexes.map((i) => r[i]));
    } finally {
      await rows.return(undefined);
    }
  }
  return { fileName: exportFileName(project.domain, "urls", now), body: csvStream(layout.header, all ? rows : picked()) };
}
