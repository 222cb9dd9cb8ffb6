// Report periods in UTC: weeks run Monday 00:00 to the next Monday, months from the 1st to the next 1st. A
// period's report is due GRACE_MS after it ends, so that the daily snapshot of its last day (taken at 00:15 UTC)
// is in it. Keys ("weekly:2026-11-16") make one report per project and period unique.

export type Cadence = "weekly" | "monthly";
export type Period = { cadence: Cadence; start: Date; end: Date; key: string };

export const GRACE_MS = 40 * 60_000;
const DAY = 86_400_000;

const day = (d: Date) => d.toISOString().slice(0, 10);
const make = (cadence: Cadence, start: Date, end: Date): Period => ({ cadence, start, end, key: `${cadence}:${day(start)}` });

/** The period of `cadence` that contains `at`. */
export function periodContaining(cadence: Cadence, at: Date): Period {
  const y = at.getUTCFullYear(), m = at.getUTCMonth();
  if (cadence === "monthly") return make(cadence, new Date(Date.UTC(y, m, 1)), new Date(Date.UTC(y, m + 1, 1)));
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  const start = new Date(Date.UTC(y, m, at.getUTCDate() - sinceMonday));
  return make(cadence, start, new Date(start.getTime() + 7 * DAY));
}

export const previousPeriod = (p: Period): Period => periodContaining(p.cadence, new Date(p.start.getTime() - 1));

/** The newest period that has ended by `now`. */
export const lastCompletePeriod = (cadence: Cadence, now: Date): Period => previousPeriod(periodContaining(cadence, now));

/**
 * The period whose report should have gone out by `now` for a schedule active since `activeSince`: the newest one
 * past its grace time, if it ended after the schedule was turned on (turning reports on never mails a past period).
 */
export function duePeriod(cadence: Cadence, activeSince: Date, now: Date): Period | null {
  let p = lastCompletePeriod(cadence, now);
  if (now.getTime() < p.end.getTime() + GRACE_MS) p = previousPeriod(p);
  return p.end.getTime() > activeSince.getTime() ? p : null;
}

/** The next period whose report is still to come (the current one, ending after `now`). */
export const upcomingPeriod = (cadence: Cadence, now: Date): Period => periodContaining(cadence, now);

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const SHORT = MONTHS.map((m) => m.slice(0, 3));

/** "16–22 November 2026", "28 December 2026 – 3 January 2027", "November 2026". */
export function periodLabel(p: Pick<Period, "cadence" | "start" | "end">): string {
  const s = p.start, last = new Date(p.end.getTime() - DAY);
  if (p.cadence === "monthly") return `${MONTHS[s.getUTCMonth()]} ${s.getUTCFullYear()}`;
  if (s.getUTCFullYear() !== last.getUTCFullYear()) return `${s.getUTCDate()} ${SHORT[s.getUTCMonth()]} ${s.getUTCFullYear()} – ${last.getUTCDate()} ${SHORT[last.getUTCMonth()]} ${last.getUTCFullYear()}`;
  if (s.getUTCMonth() !== last.getUTCMonth()) return `${s.getUTCDate()} ${SHORT[s.getUTCMonth()]} – ${last.getUTCDate()} ${SHORT[last.getUTCMonth()]} ${last.getUTCFullYear()}`;
  return `${s.getUTCDate()}–${last.getUTCDate()} ${MONTHS[s.getUTCMonth()]} ${s.getUTCFullYear()}`;
}
