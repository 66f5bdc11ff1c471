import type { Event, NodeClient, Scope } from '@sentry/node';
import { ERROR_REPORTING, FILTERED, scrubDeep } from '@cityforge/shared';
import { redactUrl } from './logger.ts';
import { withoutQueryValues } from './pg-errors.ts';

/** What a report says about the request that failed; never its body. */
export type RequestFacts = {
  id: string;
  method: string;
  url: string;
  route?: string;
  headers: Record<string, string | string[] | undefined>;
};

/** One request's trace: kept or dropped by the traces sample rate, errors inside it linked. */
export type RequestTrace = {
  capture(error: unknown, userId?: string): Promise<string | undefined>;
  end(status: number): void;
};

export type ErrorReporter = {
  readonly enabled: boolean;
  /** Reports an error nothing handled (outside a request); resolves with the event id. */
  capture(error: unknown): Promise<string | undefined>;
  trace(request: RequestFacts): RequestTrace;
  flush(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

const OFF: ErrorReporter = {
  enabled: false,
  capture: async () => undefined,
  trace: () => ({ capture: async () => undefined, end: () => {} }),
  flush: async () => {},
  close: async () => {},
};

/**
 * Events are scrubbed whatever produced them: our context, the SDK's, an integration's; an
 * exception's text loses the values of a failed query (a user's text, a hash, a sealed key).
 */
const scrub = <T extends Event>(event: T): T => {
  const clean = scrubDeep(event);
  for (const exception of clean.exception?.values ?? [])
    if (exception.value) exception.value = withoutQueryValues(exception.value);
  return clean;
};

/** Request headers a report keeps: what the client sent and accepts, nothing of who it is. */
const REPORTED_HEADERS = ['accept', 'content-type', 'content-length', 'user-agent'];

const UNHANDLED = { mechanism: { type: 'onerror', handled: false } };

/**
 * Error reporting through Sentry's Node SDK, off (and the SDK not even loaded) without a DSN.
 * Each app gets a client and scope of its own instead of `Sentry.init`'s process-wide one, so
 * several apps in one process (the tests, a CLI) never report through each other; the SDK's
 * automatic instrumentation is not used for the same reason: requests are traced by the
 * hooks of error-reporting.plugin.ts.
 */
export function createErrorReporter(dsn: string | undefined): ErrorReporter {
  if (!dsn) return OFF;
  const loading = load(dsn);

  return {
    enabled: true,
    async capture(error) {
      const { scope } = await loading;
      return scope.clone().captureException(error, UNHANDLED);
    },
    trace(request) {
      const started = loading.then(({ sentry, scope }) => {
        const own = scope.clone();
        describeRequest(own, request);
        // A trace of its own per request: its id, and its own draw against the sample rate.
        const span = sentry.withScope(own, () =>
          sentry.startNewTrace(() =>
            sentry.startInactiveSpan({
              name: `${request.method} ${request.route ?? redactUrl(request.url, FILTERED)}`,
              op: 'http.server',
              forceTransaction: true,
              attributes: { 'http.request.method': request.method },
            }),
          ),
        );
        return { sentry, own, span };
      });
      return {
        async capture(error, userId) {
          const { sentry, own, span } = await started;
          if (userId) own.setUser({ id: userId });
          // Inside the request's span, so the event names its trace and sampling decision.
          return sentry.withScope(own, () =>
            sentry.withActiveSpan(span, (inner) => inner.captureException(error, UNHANDLED)),
          );
        },
        end(status) {
          void started.then(({ span }) => {
            span.setAttribute('http.response.status_code', status);
            span.setStatus({ code: status >= 500 ? 2 : 1 });
            span.end();
          });
        },
      };
    },
    async flush(timeoutMs = 2000) {
      const { client } = await loading;
      await client.flush(timeoutMs);
    },
    async close() {
      const { client } = await loading;
      await client.close(2000);
    },
  };
}

async function load(dsn: string) {
  const sentry = await import('@sentry/node');
  const client: NodeClient = new sentry.NodeClient({
    dsn,
    environment: ERROR_REPORTING.environment,
    release: ERROR_REPORTING.release,
    tracesSampleRate: ERROR_REPORTING.tracesSampleRate,
    // A request's spans go out as one transaction when it ends, through beforeSendTransaction
    // (the default streaming mode bypasses that hook, and with it the scrubbing).
    traceLifecycle: 'static',
    ignoreErrors: [...ERROR_REPORTING.ignoreErrors],
    // No IP addresses, cookies, bodies or local variables: only what describeRequest adds.
    dataCollection: { userInfo: false, cookies: false, httpBodies: [], stackFrameVariables: false },
    transport: sentry.makeNodeTransport,
    stackParser: sentry.defaultStackParser,
    integrations: [
      sentry.eventFiltersIntegration(),
      sentry.linkedErrorsIntegration(),
      sentry.dedupeIntegration(),
    ],
    beforeSend: scrub,
    beforeSendTransaction: scrub,
    beforeBreadcrumb: (crumb) => scrubDeep(crumb),
  });
  const scope: Scope = new sentry.Scope();
  scope.setClient(client);
  client.init();
  return { sentry, client, scope };
}

/**
 * The request as a report tells it: no client address (X-Forwarded-For and the like are not
 * among the kept headers, and the SDK is told to add none), no credentials, no query values
 * but the app's own (see redactUrl).
 */
function describeRequest(scope: Scope, request: RequestFacts) {
  const headers: Record<string, string> = {};
  for (const name of REPORTED_HEADERS) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  scope.setTag('request_id', request.id);
  if (request.route) scope.setTag('route', request.route);
  const described = { method: request.method, url: redactUrl(request.url, FILTERED), headers };
  scope.addEventProcessor((event) => ({ ...event, request: { ...event.request, ...described } }));
}

type CrashSource = {
  on(
    event: 'uncaughtException' | 'unhandledRejection',
    listener: (error: unknown) => void,
  ): unknown;
  exit(code: number): void;
};

/**
 * An error nothing caught still ends the process, as Node would, but is reported first. The
 * handlers exist only with a DSN: without one Node's own behaviour is left untouched.
 */
export function reportCrashes(
  reporter: ErrorReporter,
  log: (error: unknown, kind: string) => void,
  source: CrashSource = process,
) {
  if (!reporter.enabled) return;
  const crash = (error: unknown, kind: string) => {
    log(error, kind);
    void reporter
      .capture(error)
      .then(() => reporter.flush(2000))
      .catch(() => {})
      .finally(() => source.exit(1));
  };
  source.on('uncaughtException', (error) => crash(error, 'uncaught exception'));
  source.on('unhandledRejection', (reason) => crash(reason, 'unhandled rejection'));
}
