import { useSyncExternalStore } from 'react';
import type { TLoginResponse, TUser } from '@cityforge/shared';
import { authApi } from '@cityforge/shared';
import { api, onSessionEnd } from './api';
import { startupAction } from './jwt';
import { tokenStore } from './token-store';

export interface AuthState {
  /** true until the stored session has been checked at startup. */
  loading: boolean;
  user: TUser | null;
}

let state: AuthState = { loading: true, user: null };
const listeners = new Set<() => void>();

function setState(next: Partial<AuthState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getAuthState(): AuthState {
  return state;
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, getAuthState, getAuthState);
}

export function fetchCurrentUser(signal?: AbortSignal): Promise<TUser> {
  return api.call(authApi.me, { signal });
}

export function setCurrentUser(user: TUser | null): void {
  setState({ user, loading: false });
}

/** Login succeeds only when the answer carries both tokens. */
export function startSession(response: TLoginResponse, remember: boolean): boolean {
  if (!response.access || !response.refresh) return false;
  tokenStore.set({ access: response.access, refresh: response.refresh }, remember);
  setCurrentUser(response.user);
  return true;
}

export function endSession(): void {
  tokenStore.clear();
  setCurrentUser(null);
}

/** Re-reads /auth/me/ and stores the answer; resolves to the fresh user (or null). */
export async function reloadCurrentUser(): Promise<TUser | null> {
  const user = await fetchCurrentUser();
  setCurrentUser(user);
  return user;
}

let started: Promise<void> | null = null;

/** Startup check of the stored tokens; runs once per page load. */
export function bootstrapSession(): Promise<void> {
  started ??= (async () => {
    await tokenStore.adopt();
    const action = startupAction(tokenStore.get());
    if (action === 'signed-out') return endSession();
    if (action === 'refresh' && !(await api.refresh())) return endSession();
    try {
      setCurrentUser(await fetchCurrentUser());
    } catch {
      // A 401 already ended the session in the client; anything else (server unreachable)
      // keeps the tokens so a reload can try again, but nobody is signed in meanwhile.
      setCurrentUser(null);
    }
  })();
  return started;
}

onSessionEnd(() => endSession());
