export interface Tokens {
  access: string | null;
  refresh: string | null;
}

export interface TokenStore {
  get(): Tokens;
  /** Stores both tokens; `remember` picks localStorage, otherwise sessionStorage. When it is
   * left out (a refresh rotating the tokens) they stay in the storage they were already in. */
  set(tokens: { access: string; refresh: string }, remember?: boolean): void;
  clear(): void;
  /** Where the session lives: 'local' (Remember me), 'session' (this tab), or null. */
  location(): 'local' | 'session' | null;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const ACCESS_KEY = 'cityforge.access';
export const REFRESH_KEY = 'cityforge.refresh';

export function createTokenStore(
  local: KeyValueStorage | null,
  session: KeyValueStorage | null,
): TokenStore {
  const storages = [local, session].filter((s): s is KeyValueStorage => s !== null);

  function holder(): KeyValueStorage | null {
    return storages.find((s) => s.getItem(REFRESH_KEY) ?? s.getItem(ACCESS_KEY)) ?? null;
  }

  function clear(): void {
    for (const s of storages) {
      s.removeItem(ACCESS_KEY);
      s.removeItem(REFRESH_KEY);
    }
  }

  return {
    get() {
      const s = holder();
      return { access: s?.getItem(ACCESS_KEY) ?? null, refresh: s?.getItem(REFRESH_KEY) ?? null };
    },
    set(tokens, remember) {
      const target =
        remember === undefined ? (holder() ?? session ?? local) : remember ? local : session;
      clear();
      if (!target) return;
      target.setItem(ACCESS_KEY, tokens.access);
      target.setItem(REFRESH_KEY, tokens.refresh);
    },
    clear,
    location() {
      const s = holder();
      return s === null ? null : s === local ? 'local' : 'session';
    },
  };
}

type SyncMessage =
  { type: 'ask' } | { type: 'tokens'; access: string; refresh: string } | { type: 'clear' };
export type Channel = {
  postMessage(message: SyncMessage): void;
  onmessage: ((event: { data: SyncMessage }) => void) | null;
};

/**
 * A session kept in sessionStorage ("Remember me" off) is shared with the app's other tabs:
 * a new tab (View, Edit and Settings open one) asks for it, and every rotation or sign-out is
 * announced, so no two tabs ever hold different refresh tokens (reuse would end the session).
 */
export function withTabSync(store: TokenStore, channel: Channel | null) {
  const pending = new Set<() => void>();
  if (channel) {
    channel.onmessage = ({ data }) => {
      const here = store.location();
      if (data.type === 'ask' && here === 'session') {
        const { access, refresh } = store.get();
        if (access && refresh) channel.postMessage({ type: 'tokens', access, refresh });
      } else if (data.type === 'tokens' && here !== 'local') {
        store.set({ access: data.access, refresh: data.refresh }, false);
        pending.forEach((resolve) => resolve());
      } else if (data.type === 'clear' && here === 'session') {
        store.clear();
      }
    };
  }
  const synced: TokenStore & { adopt(timeoutMs?: number): Promise<void> } = {
    get: () => store.get(),
    location: () => store.location(),
    set(tokens, remember) {
      store.set(tokens, remember);
      if (store.location() === 'session') channel?.postMessage({ type: 'tokens', ...tokens });
    },
    clear() {
      const wasShared = store.location() === 'session';
      store.clear();
      if (wasShared) channel?.postMessage({ type: 'clear' });
    },
    /** A tab without tokens asks the others for theirs, waiting briefly for an answer. */
    adopt(timeoutMs = 250) {
      if (!channel || store.get().refresh) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          pending.delete(done);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        pending.add(done);
        channel.postMessage({ type: 'ask' });
      });
    },
  };
  return synced;
}

export function safeStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null; // storage disabled (privacy mode): tokens live for this page only
  }
}

export const tokenStore = withTabSync(
  createTokenStore(safeStorage('localStorage'), safeStorage('sessionStorage')),
  typeof BroadcastChannel === 'undefined'
    ? null
    : (new BroadcastChannel('cityforge.session') as unknown as Channel),
);
