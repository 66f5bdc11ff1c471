import { describe, expect, it } from 'vitest';
import { createTokenStore, withTabSync, type Channel } from '../src/lib/token-store';
import { memoryStorage } from './helpers';

/** An in-memory BroadcastChannel: a message reaches every other member, never the sender. */
function bus() {
  const members: Channel[] = [];
  return () => {
    const channel: Channel = {
      onmessage: null,
      postMessage(message) {
        for (const other of members) if (other !== channel) other.onmessage?.({ data: message });
      },
    };
    members.push(channel);
    return channel;
  };
}

// Every tab has its own sessionStorage; localStorage is shared by all tabs.
const tab = (join: () => Channel, local = memoryStorage()) =>
  withTabSync(createTokenStore(local, memoryStorage()), join());

describe('sharing a non-remembered session between tabs', () => {
  it('hands the session to a new tab that asks for it', async () => {
    const join = bus();
    const first = tab(join);
    first.set({ access: 'a1', refresh: 'r1' }, false);
    const second = tab(join);
    await second.adopt(50);
    expect(second.get()).toEqual({ access: 'a1', refresh: 'r1' });
    expect(second.location()).toBe('session');
  });

  it('announces every rotation so no tab keeps a stale refresh token', async () => {
    const join = bus();
    const first = tab(join);
    const second = tab(join);
    first.set({ access: 'a1', refresh: 'r1' }, false);
    expect(second.get().refresh).toBe('r1');
    second.set({ access: 'a2', refresh: 'r2' });
    expect(first.get()).toEqual({ access: 'a2', refresh: 'r2' });
  });

  it('signs every tab out together', () => {
    const join = bus();
    const first = tab(join);
    const second = tab(join);
    first.set({ access: 'a1', refresh: 'r1' }, false);
    second.clear();
    expect(first.get()).toEqual({ access: null, refresh: null });
  });

  it('leaves remembered sessions to the shared localStorage and gives up when nobody answers', async () => {
    const join = bus();
    const local = memoryStorage();
    const first = tab(join, local);
    first.set({ access: 'a1', refresh: 'r1' }, true);
    const second = tab(join, local);
    expect(second.get()).toEqual({ access: 'a1', refresh: 'r1' });
    const lonely = tab(bus());
    await lonely.adopt(20);
    expect(lonely.get()).toEqual({ access: null, refresh: null });
  });
});
