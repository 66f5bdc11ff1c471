import { opsApi, type TClientConfig } from '@cityforge/shared';

type Capture = (error: unknown) => void;

// Until the server has said whether reporting is on, errors wait here (a few at most); once it
// is known to be off they are dropped and nothing is ever kept again.
let state: 'unknown' | 'off' | 'on' = 'unknown';
let capture: Capture | null = null;
const waiting: unknown[] = [];
const MAX_WAITING = 10;

/** Reports an error a boundary caught; a no-op when error reporting is off. */
export function reportError(error: unknown): void {
  if (capture) capture(error);
  else if (state === 'unknown' && waiting.length < MAX_WAITING) waiting.push(error);
}

/**
 * Asks the server whether error reporting is on (GET /api/client-config/, so one build serves
 * every deployment) and only then downloads the Sentry SDK, as a chunk of its own: without a
 * DSN the app never fetches it and never talks to anyone but its own server.
 */
export async function startErrorReporting(
  fetchConfig: () => Promise<Response> = () =>
    fetch(opsApi.clientConfig.path, { credentials: 'omit' }),
  loadSdk: () => Promise<{ initSentry: (dsn: string) => Capture }> = () => import('./sentry'),
): Promise<boolean> {
  let dsn: string | null = null;
  try {
    const res = await fetchConfig();
    if (res.ok) dsn = ((await res.json()) as TClientConfig).sentryDsn;
  } catch {
    // Offline or the server is down: the app works on; there is nothing to report to.
  }
  if (!dsn) {
    state = 'off';
    waiting.length = 0;
    return false;
  }
  const { initSentry } = await loadSdk();
  capture = initSentry(dsn);
  state = 'on';
  for (const error of waiting.splice(0)) capture(error);
  return true;
}
