import { describe, expect, it } from 'vitest';
import { createCallSlots } from '../src/modules/ai/call-slots.ts';

/** A call that runs until its test ends it. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, open };
}

describe('call slots', () => {
  it('holds calls to the total and to the per-key limit; a freed slot goes to a key with room', async () => {
    const slots = createCallSlots({ total: 3, perKey: 2 });
    const started: string[] = [];
    const calls = new Map<string, ReturnType<typeof gate>>();
    const call = (name: string, key: string, owner = key) => {
      const g = gate();
      calls.set(name, g);
      return slots.run({ key, owner }, async () => {
        started.push(name);
        await g.done;
        return name;
      });
    };
    const a1 = call('a1', 'a');
    const a2 = call('a2', 'a');
    const a3 = call('a3', 'a');
    const b1 = call('b1', 'b');
    const b2 = call('b2', 'b');
    await new Promise((r) => setTimeout(r, 5));
    // Key a is at its limit, so b1 takes the third slot; a3 and b2 wait.
    expect(started).toEqual(['a1', 'a2', 'b1']);

    calls.get('b1')!.open();
    expect(await b1).toBe('b1');
    // The slot b1 freed: a is still full, so it goes to b2, not to a3 that waited longer.
    expect(started).toEqual(['a1', 'a2', 'b1', 'b2']);

    calls.get('a1')!.open();
    await a1;
    expect(started.at(-1)).toBe('a3');
    for (const name of ['a2', 'a3', 'b2']) calls.get(name)!.open();
    expect(await Promise.all([a2, a3, b2])).toEqual(['a2', 'a3', 'b2']);
  });

  it('gives a freed slot to the owner with the fewest calls running, not the longest waiting', async () => {
    const slots = createCallSlots({ total: 2, perKey: 2 });
    const started: string[] = [];
    const calls = new Map<string, ReturnType<typeof gate>>();
    const call = (name: string, owner: string) => {
      const g = gate();
      calls.set(name, g);
      return slots.run({ key: owner, owner }, async () => {
        started.push(name);
        await g.done;
      });
    };
    const running = [call('big1', 'big'), call('big2', 'big')];
    const waiting = [call('big3', 'big'), call('big4', 'big'), call('small1', 'small')];
    await new Promise((r) => setTimeout(r, 5));
    calls.get('big1')!.open();
    await running[0];
    expect(started).toEqual(['big1', 'big2', 'small1']);
    for (const g of calls.values()) g.open();
    await Promise.all([...running, ...waiting]);
    expect(started.slice(3)).toEqual(['big3', 'big4']);
  });

  it('frees the slot of a call that fails, and ends the wait of a page that is stopped', async () => {
    const slots = createCallSlots({ total: 1, perKey: 1 });
    const stop = new AbortController();
    const blocker = gate();
    const first = slots.run({ key: 'k', owner: 'o' }, async () => {
      await blocker.done;
      throw new Error('provider down');
    });
    const stopped = slots.run({ key: 'k', owner: 'o', signal: stop.signal }, async () => 'ran');
    const next = slots.run({ key: 'k', owner: 'o' }, async () => 'next');
    stop.abort(new Error('worker stopping'));
    await expect(stopped).rejects.toThrow('worker stopping');
    blocker.open();
    await expect(first).rejects.toThrow('provider down');
    expect(await next).toBe('next');
  });

  it('says when it becomes busy (a key or every slot taken) and when it is idle again', async () => {
    const told: boolean[] = [];
    const slots = createCallSlots({ total: 3, perKey: 2, busy: (b) => told.push(b) });
    const a = gate();
    const b = gate();
    const first = slots.run({ key: 'k', owner: 'o' }, () => a.done);
    expect(told).toEqual([]);
    const second = slots.run({ key: 'k', owner: 'o' }, () => b.done);
    // Key k now has no room: its next page would have to wait.
    expect(told).toEqual([true]);
    a.open();
    await first;
    expect(told).toEqual([true]);
    b.open();
    await second;
    expect(told).toEqual([true, false]);
  });
});
