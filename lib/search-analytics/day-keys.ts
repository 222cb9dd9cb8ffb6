import { startOfPacificDay } from "@/lib/engines/pacific-time";

// Calendar days as `YYYY-MM-DD` keys (Search Analytics dates are Pacific days): arithmetic on the calendar, no time zone.

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The first instant of a Pacific day (what lastImpressionAt and Search Analytics evidence say). */
export function pacificDayStart(day: string): Date {
  // Noon UTC of that date lies inside the Pacific day of the same date.
  return startOfPacificDay(new Date(`${day}T12:00:00Z`));
}
