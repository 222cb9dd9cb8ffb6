import type { OrgCtx } from "@/lib/core/context";
import { csvStream, type CsvCell } from "@/lib/csv/csv-stream";
import { getProjectOrThrow } from "@/lib/projects/internal";
import { toTrackedUrlResponse, type TrackedUrlRow } from "./internal";
import { TrackedUrlResponse, type ExportUrlsQuery, type TrackedUrlResponse as Url } from "./schemas";
import { walkUrls } from "./walk-urls";

/** The export's columns: every field of a URL as the API returns it, under its API name, the URL first. */
export const URL_EXPORT_COLUMNS = ["url", ...Object.keys(TrackedUrlResponse.shape).filter((k) => k !== "url")] as (keyof Url)[];

export const urlCells = (u: Url): CsvCell[] => URL_EXPORT_COLUMNS.map((k) => u[k]);

/** `shop.example-urls-2026-11-26.csv`: the project's domain and the UTC date. */
export const exportFileName = (domain: string, what: string, now = new Date()) => `${domain}-${what}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * Every URL of the project that the list's filters (and `ids`, a selection) match, in the list's order, as a CSV
 * stream: the project is looked up first (404 before any byte), then the rows are read batch by batch as the client
 * reads (walkUrls), so a million URLs take the memory of one batch.
 */
export async function exportUrls(ctx: OrgCtx, projectId: string, query: ExportUrlsQuery, now = new Date()) {
  const project = await getProjectOrThrow(ctx, projectId);
  const { sort, ids, ...filters } = query;
  const rows = walkUrls(project.id, filters, sort, ids);
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    for await (const batch of rows) yield batch.map((r: TrackedUrlRow) => urlCells(toTrackedUrlResponse(r)));
  }
  return { fileName: exportFileName(project.domain, "urls", now), body: csvStream(URL_EXPORT_COLUMNS, batches()) };
}
