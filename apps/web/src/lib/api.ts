import { createApiClient } from './api-client';
import { tokenStore } from './token-store';

// A tiny event channel: the API client announces a lost session (the refresh failed), the
// auth store and the query cache listen.
type SessionEndListener = (reason: string) => void;
const sessionEndListeners = new Set<SessionEndListener>();

export function onSessionEnd(listener: SessionEndListener): () => void {
  sessionEndListeners.add(listener);
  return () => {
    sessionEndListeners.delete(listener);
  };
}

function emitSessionEnd(reason: string): void {
  for (const listener of [...sessionEndListeners]) listener(reason);
}

/** The app's one API client: same origin, bearer token, refresh-once-then-logout. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  tokens: tokenStore,
  baseUrl: '',
  onSessionEnd: emitSessionEnd,
});

/** A call by the endpoint's shared contract (see ApiClient.call). */
export const call: typeof api.call = (endpoint, ...args) => api.call(endpoint, ...args);

export { ApiError, isApiError, errorMessage, fieldErrorLines } from './api-errors';
export type { FieldErrors } from './api-errors';
