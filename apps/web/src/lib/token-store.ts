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
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

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
  };
}

function safeStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null; // storage disabled (privacy mode): tokens live for this page only
  }
}

export const tokenStore: TokenStore = createTokenStore(
  safeStorage('localStorage'),
  safeStorage('sessionStorage'),
);
