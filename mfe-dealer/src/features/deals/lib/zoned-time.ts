/** The time zone the browser's clock shows, named on the slot form ('America/Chicago'). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClockOf(timeZone: string): Intl.DateTimeFormat {
  let wallClock = wallClocks.get(timeZone);
  if (!wallClock) {
    wallClock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, wallClock);
  }
  return wallClock;
}

/** How far `timeZone`'s clocks are ahead of UTC at this instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(wallClockOf(timeZone).formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  const wallAsUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/**
 * The instant (ISO 8601, UTC) at which the clocks of `timeZone` show this date ('2024-05-07', as
 * a date input gives it) and time ('14:30'), or undefined when either is not a real one. The
 * offset is read at the instant itself, so a date across a daylight-saving change gets that
 * day's offset (a time the clocks skip or repeat that night takes one of its two offsets).
 */
export function instantAt(date: string, time: string, timeZone: string): string | undefined {
  const day = DATE.exec(date);
  const clock = TIME.exec(time);
  if (!day || !clock) return undefined;
  const [year, month, dayOfMonth, hour, minute] = [day[1], day[2], day[3], clock[1], clock[2]].map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, dayOfMonth, hour, minute);
  const real = new Date(wall);
  if (real.getUTCMonth() !== month - 1 || real.getUTCDate() !== dayOfMonth || hour > 23 || minute > 59) return undefined;
  const guess = wall - offsetAt(wall, timeZone);
  const instant = wall - offsetAt(guess, timeZone);
  return new Date(instant).toISOString();
}

/** The date in `timeZone` of an instant, as a date input writes it ('2024-05-07'). */
export function dateInputValueAt(instant: Date, timeZone: string): string {
  const shifted = new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
  return shifted.toISOString().slice(0, 10);
}
