import type { TWorkspace } from '@cityforge/shared';
import { createApiClient } from './api-client';
import { safeStorage, tokenStore } from './token-store';
import { createWorkspaceChoice } from './workspace-choice';

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

// And the tab's workspace moved because the person was removed from the one it was in. Found
// while the app starts (before any screen listens), it is kept for the first listener.
type WorkspaceLostListener = (now: TWorkspace) => void;
const workspaceLostListeners = new Set<WorkspaceLostListener>();
let unheardLoss: TWorkspace | null = null;

export function onWorkspaceLost(listener: WorkspaceLostListener): () => void {
  workspaceLostListeners.add(listener);
  if (unheardLoss) {
    const now = unheardLoss;
    unheardLoss = null;
    listener(now);
  }
  return () => {
    workspaceLostListeners.delete(listener);
  };
}

function emitWorkspaceLost(now: TWorkspace): void {
  if (!workspaceLostListeners.size) unheardLoss = now;
  for (const listener of [...workspaceLostListeners]) listener(now);
}

/** The workspace this tab works in (its sessionStorage), sent with every signed-in request. */
export const workspaceChoice = createWorkspaceChoice(safeStorage('sessionStorage'), tokenStore);

/** The app's one API client: same origin, bearer token, refresh-once-then-logout. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  tokens: tokenStore,
  baseUrl: '',
  onSessionEnd: emitSessionEnd,
  workspace: workspaceChoice,
  onWorkspaceLost: emitWorkspaceLost,
});

/** A call by the endpoint's shared contract (see ApiClient.call). */
export const call: typeof api.call = (endpoint, ...args) => api.call(endpoint, ...args);

export { ApiError, isApiError, errorMessage, fieldErrorLines } from './api-errors';
export type { FieldErrors } from './api-errors';
