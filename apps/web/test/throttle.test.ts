import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from '../src/lib/throttle';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('throttle', () => {
  it('runs the first call at once and collapses a burst into one trailing call', () => {
    const fn = vi.fn();
    const t = throttle(fn, 500);
    t();
    expect(fn).toHaveBeenCalledTimes(1);
    t();
    t();
    t();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(499);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('runs at once again after a quiet window', () => {
    const fn = vi.fn();
    const t = throttle(fn, 500);
    t();
    vi.advanceTimersByTime(800);
    t();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('never runs more than once per window', () => {
    const fn = vi.fn();
    const t = throttle(fn, 500);
    for (let i = 0; i < 40; i++) {
      t();
      vi.advanceTimersByTime(50);
    }
    vi.advanceTimersByTime(500);
    // 2 000 ms of calls: the leading call, then one per 500 ms.
    expect(fn.mock.calls.length).toBeLessThanOrEqual(5);
    expect(fn.mock.calls.length).toBeGreaterThanOrEqual(4);
  });

  it('cancel drops the pending trailing call', () => {
    const fn = vi.fn();
    const t = throttle(fn, 500);
    t();
    t();
    t.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
