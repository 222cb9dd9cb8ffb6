// The service's JSON dates: "/Date(1316156400000-0700)/" (milliseconds since the epoch, UTC; the
// offset only says where the server was). "/Date(-62135568000000)/" (year 1) means "never".
const MS_DATE = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/;

/** A date of the service, or null for "never", absent or unreadable. */
export function parseServiceDate(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const m = MS_DATE.exec(value.trim());
  if (m) {
    const ms = Number(m[1]);
    return Number.isFinite(ms) && ms > 0 ? new Date(ms) : null;
  }
  // Tolerated: an ISO date from a proxy or a newer deployment; year 1 still means never.
  const ms = Date.parse(value);
  return Number.isNaN(ms) || ms <= 0 ? null : new Date(ms);
}

/** The service's format, for fakes and fixtures: "/Date(ms-0700)/", or the "never" value. */
export function formatServiceDate(date: Date | null, offset = "-0700"): string {
  return date ? `/Date(${date.getTime()}${offset})/` : "/Date(-62135568000000)/";
}
