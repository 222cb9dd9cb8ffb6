// gsc's daily quota resets at midnight Pacific time. Intl carries the DST rules, so a
// Pacific day is 23 hours in March and 25 in November without any offset table of ours.
const ZONE = "America/Los_Angeles";

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: ZONE, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
});

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClock(at: Date): WallClock {
  const parts = partsFormat.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

/** Milliseconds to add to UTC to get Pacific wall-clock time at `at` (e.g. -8h in winter, -7h in summer). */
function offsetMs(at: Date): number {
  const w = wallClock(at);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The Pacific calendar day of `at`, as YYYY-MM-DD. */
export function pacificDayKey(at: Date): string {
  const w = wallClock(at);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

/** The first instant of the Pacific day after the one containing `at`. */
export function nextPacificMidnight(at: Date): Date {
  const w = wallClock(at);
  const wallMidnight = Date.UTC(w.year, w.month - 1, w.day + 1); // Date.UTC rolls months and years over
  // Midnight never falls in a DST gap in this zone (changes happen at 02:00): two passes settle the offset.
  let guess = wallMidnight - offsetMs(new Date(wallMidnight));
  guess = wallMidnight - offsetMs(new Date(guess));
  return new Date(guess);
}

/** The first instant of the Pacific day containing `at`. */
export function startOfPacificDay(at: Date): Date {
  const w = wallClock(at);
  const wallMidnight = Date.UTC(w.year, w.month - 1, w.day);
  let guess = wallMidnight - offsetMs(new Date(wallMidnight));
  guess = wallMidnight - offsetMs(new Date(guess));
  return new Date(guess);
}
