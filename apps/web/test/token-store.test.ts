import { describe, expect, it } from 'vitest';
import { ACCESS_KEY, createTokenStore, REFRESH_KEY } from '../src/lib/token-store';
import { memoryStorage } from './helpers';

describe('token store', () => {
  it('keeps tokens in localStorage with "Remember me"', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const store = createTokenStore(local, session);
    store.set({ access: 'a', refresh: 'r' }, true);
    expect(local.getItem(ACCESS_KEY)).toBe('a');
    expect(local.getItem(REFRESH_KEY)).toBe('r');
    expect(session.length).toBe(0);
    expect(store.get()).toEqual({ access: 'a', refresh: 'r' });
  });

  it('keeps tokens in sessionStorage without it', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const store = createTokenStore(local, session);
    store.set({ access: 'a', refresh: 'r' }, false);
    expect(session.getItem(ACCESS_KEY)).toBe('a');
    expect(local.length).toBe(0);
  });

  it('keeps rotated tokens in the storage they came from', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const store = createTokenStore(local, session);
    store.set({ access: 'a', refresh: 'r' }, true);
    store.set({ access: 'a2', refresh: 'r2' });
    expect(local.getItem(ACCESS_KEY)).toBe('a2');
    expect(session.length).toBe(0);
  });

  it('switching storage leaves no copy behind, and clear removes both', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const store = createTokenStore(local, session);
    store.set({ access: 'a', refresh: 'r' }, true);
    store.set({ access: 'b', refresh: 's' }, false);
    expect(local.length).toBe(0);
    expect(store.get()).toEqual({ access: 'b', refresh: 's' });
    store.clear();
    expect(store.get()).toEqual({ access: null, refresh: null });
  });

  it('works without any storage', () => {
    const store = createTokenStore(null, null);
    store.set({ access: 'a', refresh: 'r' }, true);
    expect(store.get()).toEqual({ access: null, refresh: null });
  });
});
