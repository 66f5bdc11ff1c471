import { describe, expect, it } from 'vitest';
import { createKeyedLimiter } from '../src/lib/keyed-limiter.ts';

describe('keyed limiter', () => {
  it('runs at most the limit per key, in arrival order, keys independent', async () => {
    const run = createKeyedLimiter(2);
    const running = new Map<string, number>();
    const peak = new Map<string, number>();
    const order: string[] = [];
    const task = (key: string, name: string) =>
      run(key, async () => {
        const now = (running.get(key) ?? 0) + 1;
        running.set(key, now);
        peak.set(key, Math.max(peak.get(key) ?? 0, now));
        order.push(name);
        await new Promise((r) => setTimeout(r, 10));
        running.set(key, (running.get(key) ?? 1) - 1);
        if (name === 'a3') throw new Error('boom');
        return name;
      });
    const results = await Promise.allSettled([
      task('a', 'a1'),
      task('a', 'a2'),
      task('a', 'a3'),
      task('a', 'a4'),
      task('b', 'b1'),
      task('b', 'b2'),
    ]);
    expect(peak.get('a')).toBe(2);
    expect(peak.get('b')).toBe(2);
    expect(order.filter((n) => n.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4']);
    // A failing task frees its slot too.
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
