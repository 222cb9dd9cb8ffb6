import { startOfPacificDay } from "@/lib/engines/pacific-time";

// Calendar days as `YYYY-MM-DD` keys (Search Analytics dates are Pacific days): arithmetic on the calendar, no time zone.

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Days from `a` to `b` (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export const isDayKey = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && addDays(s, 0) === s;

/** The first instant of a Pacific day (what lastImpressionAt and Search Analytics evidence say). */
export function pacificDayStart(day: string): Date {
  // Noon UTC of that date lies inside the Pacific day of the same date.
  return startOfPacificDay(new Date(`${day}T12:00:00Z`));
}
