import Papa from "papaparse";
import { DomainError } from "@/lib/core/errors";
import { MAX_IMPORT_ROWS } from "./schemas";

export type ImportFormat = "csv" | "text";
/** One non-blank row: its 1-based physical line in the file and its URL cell (trimmed); `fields`: every cell (trimmed) when asked for. */
export type ImportCell = { line: number; value: string; fields?: string[] };
/** `header`: the header row's cells, when asked for `columns` and a header was detected. */
export type ParsedImportFile = { headerDetected: boolean; rows: ImportCell[]; header?: string[] };

/**
 * The header rule: the first non-blank row is a header when its first cell is a short label —
 * a letter, then up to 63 letters, digits, spaces, `_` or `-` (`url`, `URL`, `Page URL`, `loc`).
 * Anything holding `:`, `/` or `.` (every URL, every host) is data.
 */
const HEADER_CELL = /^\p{L}[\p{L}\p{N} _-]{0,63}$/u;
export const isHeaderCell = (value: string) => HEADER_CELL.test(value);

/**
 * Decodes an upload (UTF-8, BOM stripped) and returns its non-blank rows: the first column of a CSV
 * or each line of a text file (with `columns`, every cell of a CSV row too, and the header's cells).
 * Blank rows are skipped and not counted. More data rows than the limit, a non-UTF-8 file or
 * malformed CSV answer 400.
 */
export function parseImportFile(bytes: Uint8Array, format: ImportFormat, opts: { columns?: boolean } = {}): ParsedImportFile {
  const text = decodeUtf8(bytes);
  // One row beyond the limit (plus a possible header) proves the file too long; stop reading there.
  const cap = MAX_IMPORT_ROWS + 2;
  const cells = format === "csv" ? csvFirstCells(text, cap, opts.columns === true) : textLines(text, cap);
  const headerDetected = cells.length > 0 && isHeaderCell(cells[0].value);
  const rows = headerDetected ? cells.slice(1) : cells;
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new DomainError("VALIDATION_ERROR", `The file holds more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows; split it into smaller files`, {
      errors: [{ path: "file", message: `At most ${MAX_IMPORT_ROWS} rows per import`, code: "too_big" }], maxRows: MAX_IMPORT_ROWS,
    });
  }
  return opts.columns && headerDetected ? { headerDetected, rows, header: cells[0].fields ?? [cells[0].value] } : { headerDetected, rows };
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    // ignoreBOM: false (the default) strips a leading byte order mark.
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new DomainError("VALIDATION_ERROR", "The file is not valid UTF-8 text", { errors: [{ path: "file", message: "Not valid UTF-8", code: "invalid_encoding" }] });
  }
}

function csvFirstCells(text: string, cap: number, allFields: boolean): ImportCell[] {
  // One line-break form, so the parser never guesses it and every row's line is a count of "\n";
  // a file that uses CRLF throughout is parsed as it is (no 5 MB copy).
  const newline = lineBreakOf(text);
  const csv = newline ? text : text.replace(/\r\n?/g, "\n");
  const cells: ImportCell[] = [];
  let rowStart = 0;
  let line = 1;
  let unterminated: number | null = null;
  Papa.parse<string[]>(csv, {
    delimiter: delimiterOf(csv),
    newline: newline ?? "\n",
    quoteChar: '"',
    skipEmptyLines: false,
    step: (result, parser) => {
      if (result.errors.some((e) => e.code === "MissingQuotes")) unterminated ??= line;
      const record = result.data;
      if (record.some((f) => f.trim() !== "")) {
        cells.push(allFields ? { line, value: (record[0] ?? "").trim(), fields: record.map((f) => f.trim()) } : { line, value: (record[0] ?? "").trim() });
      }
      // The cursor sits after this row's line break: the next row starts that many lines further on.
      const end = result.meta.cursor;
      line += countLineBreaks(csv, rowStart, end);
      rowStart = end;
      if (cells.length >= cap) parser.abort();
    },
  });
  if (unterminated !== null) {
    throw new DomainError("VALIDATION_ERROR", `The CSV could not be parsed: the quoted field opened at line ${unterminated} is never closed`, {
      errors: [{ path: "file", message: `Unterminated quoted field at line ${unterminated}`, code: "invalid_csv" }],
    });
  }
  return cells;
}

/**
 * The delimiter is a comma, unless the header row separates its labels by `;` or a tab (`url;title`,
 * as spreadsheets in many locales export): the first of `,` `;` `\t` in the first non-blank line whose
 * text before it is a header label. A file without a header is read with commas.
 */
function delimiterOf(text: string): string {
  const first = /^[ \t]*\S[^\r\n]*/m.exec(text)?.[0] ?? "";
  const at = first.search(/[,;\t]/);
  if (at === -1) return ",";
  const label = first.slice(0, at).trim().replace(/^"(.*)"$/, "$1");
  return isHeaderCell(label) ? first[at] : ",";
}

/** "\n" or "\r\n" when the text uses only that line break, else null (mixed or bare "\r"). */
function lineBreakOf(text: string): "\n" | "\r\n" | null {
  if (!text.includes("\r")) return "\n";
  return /\r(?!\n)|(?<!\r)\n/.test(text) ? null : "\r\n";
}

function countLineBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

function textLines(text: string, cap: number): ImportCell[] {
  const cells: ImportCell[] = [];
  const breaks = /\r\n|\n|\r/g;
  let start = 0;
  for (let line = 1; start <= text.length && cells.length < cap; line++) {
    const m = breaks.exec(text);
    const end = m ? m.index : text.length;
    const value = text.slice(start, end).trim();
    if (value) cells.push({ line, value });
    if (!m) break;
    start = breaks.lastIndex;
  }
  return cells;
}
