import type { BadgeTone } from "@/components/ui/badge";
import type { ImportStatus } from "@/lib/queries/imports";

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  pending: "Reading file", ready: "Preview ready", committing: "Adding URLs", completed: "Completed",
  failed: "Failed", cancelled: "Cancelled", expired: "Preview expired",
};
export const IMPORT_STATUS_TONE: Record<ImportStatus, BadgeTone> = {
  pending: "info", ready: "info", committing: "info", completed: "success", failed: "danger", cancelled: "neutral", expired: "neutral",
};

export { importRowReasonText } from "@/lib/imports/row-reasons";

export const n = (v: number | null | undefined) => (v ?? 0).toLocaleString("en-US");

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
