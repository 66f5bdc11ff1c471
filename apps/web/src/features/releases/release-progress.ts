import type { TReleaseProgress } from '@cityforge/shared';

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/**
 * When, in the reader's own clock and words: "today at 09:00", "tomorrow at 09:00", else
 * "on Mar 5 at 09:00". Times are 24-hour, as the settings set them.
 */
export function batchTimeText(at: Date, now: Date): string {
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const today = dayOf(now);
  const day = dayOf(at);
  if (day === today) return `today at ${time}`;
  // A day later on the calendar, whatever its length (23 or 25 hours around a clock change).
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  if (day === tomorrow) return `tomorrow at ${time}`;
  const date = at.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  return `on ${date} at ${time}`;
}

/**
 * The staged release's line on the card: "42 of 300 city pages live, next batch tomorrow at
 * 09:00", "… releases paused", "… next batch after the first deploy", or "All 300 city pages
 * live" once every city is out. Batches go out only to a site that exists (`deployed`).
 */
export function releaseLine(progress: TReleaseProgress, deployed: boolean, now: Date): string {
  const { live, total, nextAt, paused } = progress;
  if (total > 0 && live >= total) return `All ${total} city ${total === 1 ? 'page' : 'pages'} live`;
  const head = `${live} of ${total} city ${total === 1 ? 'page' : 'pages'} live`;
  if (paused) return `${head}, releases paused`;
  if (!deployed) return `${head}, next batch after the first deploy`;
  if (!nextAt) return head;
  const at = new Date(nextAt);
  // Due and not out yet: the next check (about a minute) sends it.
  if (at.getTime() <= now.getTime()) return `${head}, next batch due now`;
  return `${head}, next batch ${batchTimeText(at, now)}`;
}
