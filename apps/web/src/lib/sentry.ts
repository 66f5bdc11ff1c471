import * as Sentry from '@sentry/react';
import { ERROR_REPORTING, scrubDeep, scrubText } from '@cityforge/shared';

/**
 * The browser side of error reporting, loaded only when the server has a
 * DSN: uncaught errors and rejections, failed requests (5xx answers of any fetch) and the
 * errors the app's boundaries catch; 10% of page loads traced; 10% of sessions recorded, and
 * every session in which an error happened (text and inputs masked). Connection failures and timeouts are ignored.
 */
export function initSentry(dsn: string): (error: unknown) => void {
  Sentry.init({
    dsn,
    environment: ERROR_REPORTING.environment,
    release: ERROR_REPORTING.release,
    tracesSampleRate: ERROR_REPORTING.tracesSampleRate,
    replaysSessionSampleRate: ERROR_REPORTING.replaysSessionSampleRate,
    replaysOnErrorSampleRate: ERROR_REPORTING.replaysOnErrorSampleRate,
    ignoreErrors: [...ERROR_REPORTING.ignoreErrors],
    // Transactions go out whole through beforeSendTransaction, which scrubs them.
    traceLifecycle: 'static',
    // Trace headers go to the app's own API only, never to the providers' or Netlify's.
    tracePropagationTargets: [/^\/(api|auth)\//],
    dataCollection: { userInfo: false, cookies: false, httpBodies: [] },
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.httpClientIntegration({ failedRequestStatusCodes: [[500, 599]] }),
    ],
    beforeSend: (event) => scrubDeep(event),
    beforeSendTransaction: (event) => scrubDeep(event),
    beforeBreadcrumb: (crumb) => scrubDeep(crumb),
  });
  // Replay events skip beforeSend; every event passes the event processors.
  Sentry.addEventProcessor((event) => scrubDeep(event));
  startReplayOnceAddressIsClean();
  return (error) => {
    Sentry.captureException(error, { mechanism: { type: 'react.errorboundary', handled: false } });
  };
}

const CLEAN_CHECK_MS = 1000;

/**
 * A recording's first frame holds the page address as it is, out of reach of any scrubbing,
 * and pages opened from a mailed link (reset, verify) carry a one-time token in it. Recording
 * starts once the address has none: at once on most pages, after the app has moved on there.
 */
function startReplayOnceAddressIsClean() {
  const clean = () => scrubText(window.location.href) === window.location.href;
  const start = () =>
    // Recordings show the layout, never what was typed or shown: text and inputs are masked.
    Sentry.addIntegration(
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    );
  if (clean()) return start();
  const timer = window.setInterval(() => {
    if (!clean()) return;
    window.clearInterval(timer);
    start();
  }, CLEAN_CHECK_MS);
}
