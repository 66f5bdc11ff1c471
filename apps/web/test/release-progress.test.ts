import { describe, expect, it } from 'vitest';
import type { TReleaseProgress } from '@cityforge/shared';
import { batchTimeText, releaseLine } from '../src/features/releases/release-progress';

// Local times: the card speaks the reader's clock, whatever zone this machine is in.
const now = new Date(2026, 2, 7, 14, 30);
const progress = (over: Partial<TReleaseProgress> = {}): TReleaseProgress => ({
  perDay: 50,
  live: 42,
  written: 300,
  total: 300,
  nextAt: new Date(2026, 2, 8, 9, 0).toISOString(),
  paused: false,
  ...over,
});

describe('the staged release line on a card', () => {
  it('says how many pages are live and when the next batch goes', () => {
    expect(releaseLine(progress(), true, now)).toBe(
      '42 of 300 city pages live, next batch tomorrow at 09:00',
    );
    const tonight = new Date(2026, 2, 7, 21, 5).toISOString();
    expect(releaseLine(progress({ nextAt: tonight }), true, now)).toBe(
      '42 of 300 city pages live, next batch today at 21:05',
    );
  });

  it('names a later day by its date, and a due batch as due', () => {
    expect(batchTimeText(new Date(2026, 2, 10, 9, 0), now)).toBe('on Mar 10 at 09:00');
    expect(batchTimeText(new Date(2026, 2, 8, 0, 0), now)).toBe('tomorrow at 00:00');
    const past = new Date(2026, 2, 7, 9, 0).toISOString();
    expect(releaseLine(progress({ nextAt: past }), true, now)).toBe(
      '42 of 300 city pages live, next batch due now',
    );
  });

  it('says when releases are paused, wait for a first deploy, or are done', () => {
    expect(releaseLine(progress({ paused: true }), true, now)).toBe(
      '42 of 300 city pages live, releases paused',
    );
    expect(releaseLine(progress({ live: 0 }), false, now)).toBe(
      '0 of 300 city pages live, next batch after the first deploy',
    );
    expect(releaseLine(progress({ live: 300 }), true, now)).toBe('All 300 city pages live');
    expect(releaseLine(progress({ live: 1, written: 1, total: 1 }), true, now)).toBe(
      'All 1 city page live',
    );
  });
});
