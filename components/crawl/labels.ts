import type { LogImport } from "@/lib/queries/crawl";
import type { BadgeTone } from "@/components/ui/badge";

export const LOG_FORMAT_LABELS: Record<string, string> = {
  ncsa_combined: "NCSA combined (nginx, Apache)",
  ncsa_common: "NCSA common",
  w3c: "W3C extended (IIS, CloudFront)",
  cloudflare_json: "Cloudflare Logpush (JSON lines)",
  json_generic: "JSON lines (generic fields)",
};

export const LOG_STATUS: Record<LogImport["status"], { label: string; tone: BadgeTone }> = {
  queued: { label: "Queued", tone: "neutral" },
  running: { label: "Processing", tone: "info" },
  completed: { label: "Completed", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
};

export const REJECT_REASONS: Record<string, string> = {
  line_too_long: "line over 1 MB",
  nul_byte: "NUL byte in the line",
  malformed: "not a line of this format",
  bad_time: "unreadable date",
  bad_ip: "unreadable client address",
  bad_status: "unreadable status",
  no_request: "no request in the line",
  no_fields: "does not match the #Fields header",
};

export const count = (v: number) => v.toLocaleString("en-US");

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) { v /= 1024; i++; }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

/** A reaction time: minutes under an hour, hours under two days, days beyond. */
export function duration(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round((hours / 24) * 10) / 10} days`;
}

export const REACTION_TRIGGERS: Record<"indexnow" | "check_again", string> = {
  indexnow: "the IndexNow submission",
  check_again: "the check again",
};
