import type { BadgeTone } from "@/components/ui/badge";
import type { ImportStatus } from "@/lib/queries/imports";

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  pending: "Reading file", ready: "Preview ready", committing: "Adding URLs", completed: "Completed",
  failed: "Failed", cancelled: "Cancelled", expired: "Preview expired",
};
export const IMPORT_STATUS_TONE: Record<ImportStatus, BadgeTone> = {
  pending: "info", ready: "info", committing: "info", completed: "success", failed: "danger", cancelled: "neutral", expired: "neutral",
};

/**
 * Why a row of a file is not imported, in a sentence per reason code of the API (`rowErrors[].reason`:
 * lib/urls/normalize-url.ts and lib/imports/classify-import-rows.ts); a code this list does not know yet reads generically.
 */
export const IMPORT_ROW_REASON_LABELS: Record<string, string> = {
  empty: "The row has no URL.",
  too_long: "The URL is longer than 2,048 characters.",
  nul_byte: "The URL contains a NUL character (shown as \ufffd).",
  invalid_url: "This is not a full URL: it must start with https:// or http:// and name the host.",
  unsupported_scheme: "Only http:// and https:// URLs can be tracked.",
  missing_host: "The URL has no host name.",
  credentials_in_url: "The URL contains a user name or password; remove them and import it again.",
  off_host: "The URL is on another host: only URLs of the project's own domain are imported (www. or another subdomain is another host).",
};
export const importRowReasonText = (reason: string) => IMPORT_ROW_REASON_LABELS[reason] ?? "This row cannot be imported as a URL of the project.";

export const n = (v: number | null | undefined) => (v ?? 0).toLocaleString("en-US");

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
