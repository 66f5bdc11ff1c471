import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorReporter, RequestTrace } from './error-reporting.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's trace when error reporting is on; the error handler reports through it. */
    errorTrace: RequestTrace | null;
  }
}

/**
 * Traces every request (the reporter keeps 10% of them) and lets the error handler report a
 * request's unhandled error inside its trace. Without a DSN no hook is added at all.
 */
export function registerErrorReporting(app: FastifyInstance, reporter: ErrorReporter) {
  app.decorateRequest('errorTrace', null);
  if (!reporter.enabled) return;
  app.addHook('onRequest', async (request) => {
    request.errorTrace = reporter.trace({
      id: request.id,
      method: request.method,
      url: request.url,
      route: request.routeOptions.url,
      headers: request.headers,
    });
  });
  app.addHook('onResponse', async (request, reply) => {
    request.errorTrace?.end(reply.statusCode);
  });
  app.addHook('onClose', async () => {
    await reporter.flush();
  });
}

/** Reports an error no route handled; never throws, never delays the answer. */
export function reportUnhandled(request: FastifyRequest, error: unknown) {
  request.errorTrace?.capture(error, request.user?.id).catch((failure: unknown) => {
    request.log.warn({ err: failure }, 'error report not sent');
  });
}
