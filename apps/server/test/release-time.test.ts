import { describe, expect, it } from 'vitest';
import type { ProjectRow } from '../src/db/schema/index.ts';
import { instantOf, nextDailyAt } from '../src/lib/zoned-time.ts';
import { releaseSchedulePatch } from '../src/modules/projects/release-plan.ts';

const at = (iso: string) => new Date(iso);
const next = (time: string, zone: string, after: string) =>
  nextDailyAt(time, zone, at(after)).toISOString();

describe('the next batch time of a staged release', () => {
  it("is today's release time while it is ahead, else tomorrow's", () => {
    expect(next('09:00', 'UTC', '2026-03-02T08:59:59Z')).toBe('2026-03-02T09:00:00.000Z');
    expect(next('09:00', 'UTC', '2026-03-02T09:00:00Z')).toBe('2026-03-03T09:00:00.000Z');
    // Chicago is six hours behind UTC in winter: 09:00 there is 15:00 UTC.
    expect(next('09:00', 'America/Chicago', '2026-01-10T14:00:00Z')).toBe(
      '2026-01-10T15:00:00.000Z',
    );
    // Late evening UTC is still the previous day in Chicago: the batch is that day's.
    expect(next('23:30', 'America/Chicago', '2026-01-11T03:00:00Z')).toBe(
      '2026-01-11T05:30:00.000Z',
    );
    // Tokyo is ahead: after 09:00 local (00:00 UTC) the next one is the next local day's.
    expect(next('09:00', 'Asia/Tokyo', '2026-01-10T01:00:00Z')).toBe('2026-01-11T00:00:00.000Z');
  });

  it('stays at the same wall time across the spring and autumn changes', () => {
    // New York moves from UTC-5 to UTC-4 on 8 March 2026: 09:00 is 14:00 UTC on the 7th,
    // 13:00 UTC on the 8th.
    expect(next('09:00', 'America/New_York', '2026-03-07T14:00:00Z')).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    // Back to UTC-5 on 1 November 2026.
    expect(next('09:00', 'America/New_York', '2026-10-31T13:00:00Z')).toBe(
      '2026-11-01T14:00:00.000Z',
    );
    // Berlin: UTC+1 → UTC+2 on 29 March 2026.
    expect(next('09:00', 'Europe/Berlin', '2026-03-28T08:00:00Z')).toBe('2026-03-29T07:00:00.000Z');
    // A whole day of daily batches across the change: each is 24 h apart except the one
    // that crosses it (23 h in spring).
    const days: string[] = [];
    let after = at('2026-03-06T00:00:00Z');
    for (let i = 0; i < 4; i += 1) {
      after = nextDailyAt('09:00', 'America/New_York', after);
      days.push(after.toISOString());
    }
    expect(days).toEqual([
      '2026-03-06T14:00:00.000Z',
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
  });

  it('takes a time the clocks skip as the time they skip to, and a repeated one the first time', () => {
    // 02:30 does not happen in New York on 8 March 2026 (02:00 EST → 03:00 EDT): 03:30 EDT.
    expect(next('02:30', 'America/New_York', '2026-03-08T05:00:00Z')).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // 01:30 happens twice on 1 November 2026: first at 01:30 EDT (05:30 UTC).
    expect(next('01:30', 'America/New_York', '2026-11-01T04:00:00Z')).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(
      new Date(instantOf(Date.UTC(2026, 10, 1, 1, 30), 'America/New_York')).toISOString(),
    ).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('when a settings write moves the next batch', () => {
  const now = at('2026-05-04T10:00:00Z');
  const project = (over: Partial<ProjectRow>) =>
    ({
      releasePerDay: 50,
      releaseTime: '09:00',
      releaseTimeZone: 'UTC',
      releasePaused: false,
      nextReleaseAt: at('2026-05-04T09:00:00Z'),
      ...over,
    }) as ProjectRow;

  it('schedules the first batch when staging is turned on, and none once it is off', () => {
    const off = project({ releasePerDay: null, nextReleaseAt: null });
    expect(releaseSchedulePatch(off, { releasePerDay: 3 }, now)).toEqual({
      nextReleaseAt: at('2026-05-05T09:00:00Z'),
    });
    expect(releaseSchedulePatch(project({}), { releasePerDay: null }, now)).toEqual({
      nextReleaseAt: null,
    });
  });

  it('leaves a due batch alone when the plan is sent back unchanged', () => {
    // The batch due at 09:00 has not gone out yet: saving the form must not skip it.
    const same = { releasePerDay: 50, releaseTime: '09:00', releaseTimeZone: 'UTC' };
    expect(releaseSchedulePatch(project({}), { ...same, releasePaused: false }, now)).toEqual({});
    expect(releaseSchedulePatch(project({}), { releasePaused: true }, now)).toEqual({});
  });

  it('moves it when the time, zone or pages per day change, or releases resume', () => {
    expect(releaseSchedulePatch(project({}), { releaseTime: '11:15' }, now)).toEqual({
      nextReleaseAt: at('2026-05-04T11:15:00Z'),
    });
    expect(releaseSchedulePatch(project({}), { releaseTimeZone: 'Asia/Tokyo' }, now)).toEqual({
      nextReleaseAt: at('2026-05-05T00:00:00Z'),
    });
    expect(releaseSchedulePatch(project({}), { releasePerDay: 10 }, now)).toEqual({
      nextReleaseAt: at('2026-05-05T09:00:00Z'),
    });
    const paused = project({ releasePaused: true, nextReleaseAt: at('2026-04-01T09:00:00Z') });
    expect(releaseSchedulePatch(paused, { releasePaused: false }, now)).toEqual({
      nextReleaseAt: at('2026-05-05T09:00:00Z'),
    });
  });
});
