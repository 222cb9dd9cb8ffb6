import { isOnHost, normalizeUrl } from "@/lib/urls/normalize-url";
import type { ImportCell } from "./parse-import-file";
import { MAX_ROW_ERROR_VALUE, MAX_ROW_ERRORS, type ImportRowError } from "./schemas";

export type ImportCandidate = { line: number; url: string };
export type ImportClassification = {
  totalRows: number;
  validRows: number;
  invalidRows: number;
  duplicateInFileRows: number;
  /** The first MAX_ROW_ERRORS invalid rows, in file order. */
  rowErrors: ImportRowError[];
  /** Every invalid row counted by its reason. */
  invalidByReason: Record<string, number>;
  /** The first MAX_ROW_ERRORS duplicate rows, in file order, with the line they repeat. */
  duplicates: { line: number; firstLine: number }[];
  /** Valid rows at their first occurrence, in file order, normalized. */
  unique: ImportCandidate[];
};

/**
 * Sorts the data rows of a file: invalid (normalization fails, or the host is not the project's
 * domain: `off_host`), duplicates of an earlier valid row, and the unique valid URLs.
 */
export function classifyImportRows(rows: ImportCell[], domain: string): ImportClassification {
  const rowErrors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  const unique: ImportCandidate[] = [];
  const invalidByReason: Record<string, number> = {};
  const duplicates: { line: number; firstLine: number }[] = [];
  let invalidRows = 0;
  let duplicateInFileRows = 0;
  for (const { line, value } of rows) {
    const n = normalizeUrl(value);
    const reason = !n.ok ? n.reason : isOnHost(n.host, domain) ? null : "off_host";
    if (reason || !n.ok) {
      const why = reason ?? "invalid_url";
      invalidRows++;
      invalidByReason[why] = (invalidByReason[why] ?? 0) + 1;
      // The value is stored (jsonb) and shown: a NUL (a `nul_byte` row) is kept visible as U+FFFD.
      if (rowErrors.length < MAX_ROW_ERRORS) rowErrors.push({ line, reason: why, value: value.slice(0, MAX_ROW_ERROR_VALUE).replaceAll("\u0000", "\ufffd") });
      continue;
    }
    const firstLine = seen.get(n.url);
    if (firstLine !== undefined) {
      duplicateInFileRows++;
      if (duplicates.length < MAX_ROW_ERRORS) duplicates.push({ line, firstLine });
      continue;
    }
    seen.set(n.url, line);
    unique.push({ line, url: n.url });
  }
  return { totalRows: rows.length, validRows: rows.length - invalidRows, invalidRows, duplicateInFileRows, rowErrors, invalidByReason, duplicates, unique };
}
