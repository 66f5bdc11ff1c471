/**
 * Wall-clock times in IANA time zones, with the platform's own zone data (Intl): no library.
 * A wall time is carried as the number of milliseconds Date.UTC gives for its fields.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

/** The wall clock in `zone` at an instant (to the second). */
function wallOf(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatOf(zone).formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
}

/** How far `zone`'s clock is ahead of UTC at an instant. */
const offsetAt = (instant: number, zone: string) =>
  wallOf(instant, zone) - Math.floor(instant / 1000) * 1000;

/**
 * The instant a wall time happens in `zone`. A time the clocks skip (spring forward) is taken
 * as the instant they skip to, plus what was left of it (02:30 in a 02:00→03:00 gap is 03:30);
 * a time that happens twice (fall back) is its first occurrence.
 */
export function instantOf(wall: number, zone: string): number {
  // At most one offset change lies within a day either side, so these are the two offsets
  // the wall time can mean.
  const before = offsetAt(wall - DAY_MS, zone);
  const after = offsetAt(wall + DAY_MS, zone);
  const candidates = [wall - before, wall - after]
    .filter((instant) => wallOf(instant, zone) === wall)
    .sort((a, b) => a - b);
  return candidates[0] ?? wall - before;
}

/**
 * The first instant after `after` at which the clock in `zone` reads `time` (HH:MM): today's
 * when it is still ahead, else the next day's. Days are counted on the zone's calendar, so a
 * daily time stays at the same wall time across daylight-saving changes.
 */
export function nextDailyAt(time: string, zone: string, after: Date): Date {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const today = new Date(wallOf(after.getTime(), zone));
  for (let days = 0; ; days += 1) {
    const wall = Date.UTC(
      today.getUTCFullYear(),
      today.getUTCMonth(),
      today.getUTCDate() + days,
      hour,
      minute,
    );
    const instant = instantOf(wall, zone);
    if (instant > after.getTime()) return new Date(instant);
  }
}
