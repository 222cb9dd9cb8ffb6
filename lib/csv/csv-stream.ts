import Papa from "papaparse";

// CSV for people's spreadsheets and for programs (RFC 4180: comma, CRLF, quotes doubled), written with papaparse.
// A text cell starting with = + - @ (or a tab or CR) is one a spreadsheet would run as a formula: it is prefixed
// with ' and quoted (OWASP "CSV injection"). Papaparse's own pattern stops at a line break (`.*$` without the s
// flag), so a cell like "=1+1\nx" would slip through: the pattern here looks at the first character only.
// Numbers and booleans stay as they are (a negative number is data, not a formula).
const FORMULA = /^[=+\-@\t\r]/;

export type CsvCell = string | number | boolean | null | undefined;

/** Rows as CSV text, each line ending in CRLF (the empty list is the empty string). */
export function csvLines(rows: CsvCell[][]): string {
  if (!rows.length) return "";
  return Papa.unparse(rows, { header: false, newline: "\r\n", escapeFormulae: FORMULA }) + "\r\n";
}

/**
 * A CSV file as a byte stream with backpressure: the header first, then one chunk per batch, each batch read only
 * when the reader has taken the previous chunk (pull), so a file of any length is written in the memory of one
 * batch. `batches` is an async iterator of row batches; a failure after the first byte ends the stream with an
 * error (the client sees a broken download, never a file that looks complete). Cancelling stops the iterator.
 */
export function csvStream(header: string[], batches: AsyncIterator<CsvCell[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLines([header])));
        return;
      }
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLines(next.value)));
    },
    async cancel() {
      await batches.return?.();
    },
  }, { highWaterMark: 1 });
}

/** `attachment; filename="…"` for a name of letters, digits, dots, dashes and underscores (anything else becomes -). */
export const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, "-")}"`;

/** Response headers of a CSV download. */
export const csvHeaders = (fileName: string) => ({
  "content-type": "text/csv; charset=utf-8",
  "content-disposition": attachment(fileName),
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
});
