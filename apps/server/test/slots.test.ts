import { describe, expect, it } from 'vitest';
import { createSlots } from '../src/lib/slots.ts';

describe('slots', () => {
  it('hands a freed slot to the first waiter; a waiter that gives up or waits too long leaves the line', async () => {
    const slots = createSlots(1);
    const first = slots.tryTake('k')!;
    expect(slots.tryTake('k')).toBeNull();
    expect(slots.tryTake('other')).not.toBeNull();

    const gaveUp = new AbortController();
    const leaving = slots.take('k', { signal: gaveUp.signal });
    const tooLong = slots.take('k', { maxWaitMs: 1, tooLong: () => new Error('busy') });
    const order: string[] = [];
    const patient = slots.take('k').then((release) => (order.push('patient'), release));
    gaveUp.abort(new Error('left'));
    await expect(leaving).rejects.toThrow('left');
    await expect(tooLong).rejects.toThrow('busy');

    first();
    first(); // a second release gives nothing back twice
    const release = await patient;
    expect(order).toEqual(['patient']);
    expect(slots.tryTake('k')).toBeNull();
    release();
    expect(slots.tryTake('k')).not.toBeNull();
  });
});
