import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { APP_VERSION, BRAND, MAX_JSON_BODY_BYTES } from '@cityforge/shared';
import type { AppContext } from './context.ts';
import { registerCompactAnswers } from './lib/compact-answers.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import type { ModuleRoute } from './lib/module.ts';
import { registerErrorReporting } from './lib/error-reporting.plugin.ts';
import { refuseUnstorableText } from './lib/storable-text.ts';
import { REDACT_PATHS, requestSerializers } from './lib/logger.ts';
import { createPgRateLimitStore } from './lib/pg-rate-limit-store.ts';
import { healthRoutes } from './modules/health/index.ts';
import { PREVIEW_SCRIPT_SHA256 } from './modules/site/index.ts';
import { registerWeb, clientConfigRoutes } from './modules/web/index.ts';

/**
 * CSP for the app's own origin. Generated HTML never runs here: previews are sandboxed
 * srcdoc frames, which inherit this policy, so the one preview script is allowed by its hash
 * and the owner's tracking codes do not run in previews (a preview is not a visit).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", PREVIEW_SCRIPT_SHA256],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", 'blob:'],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * With error reporting on, the web app posts its reports to the DSN's host, and the session
 * replay compresses recordings in a worker the SDK starts from a blob: URL; the policy allows
 * both then, and neither without a DSN.
 */
export function policyFor(sentryDsn: string | undefined) {
  if (!sentryDsn) return CONTENT_SECURITY_POLICY;
  const connectSrc = [...CONTENT_SECURITY_POLICY.connectSrc, new URL(sentryDsn).origin];
  return { ...CONTENT_SECURITY_POLICY, connectSrc, workerSrc: ["'self'", 'blob:'] };
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes "trust the nearest n hops": Fastify
 * itself treats a bare number as trusting nobody, as a count cannot tell a proxy from a
 * client that connects directly (so a count is only safe when the API is reachable through
 * the proxies alone; addresses are the stronger setting).
 */
export function trustProxyOption(value: false | number | string) {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

/** Builds the HTTP app without listening; tests drive it with app.inject. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  const app: FastifyInstance = Fastify({
    loggerInstance: ctx.logger.child(
      {},
      { redact: REDACT_PATHS, serializers: requestSerializers },
    ) as FastifyBaseLogger,
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorReporting(app, ctx.errorReporter);
  registerErrorHandler(app);
  // NUL and unpaired surrogates cannot be stored: refused as a 400 before any route runs.
  app.addHook('preValidation', refuseUnstorableText);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: policyFor(config.SENTRY_DSN) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await registerCompactAnswers(app);
  // Counted in the database so every API process (and a restarted one) shares one count.
  await app.register(rateLimit, {
    global: false,
    store: createPgRateLimitStore(ctx.db) as unknown as FastifyRateLimitStoreCtor,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: `${BRAND} API`, version: APP_VERSION },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A signed-in session's access token (from /auth/login/), or a personal API token " +
              '(cfk_…, from POST /api/workspaces/{id}/api-tokens/): a token acts as its creator, ' +
              'with their current role, in its own workspace only.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const m = ctx.modules;
  // The guard decorates requireUser, which every module's routes use: it comes first.
  await m.auth.guard.register(app);
  await app.register(healthRoutes, { ctx });
  await app.register(clientConfigRoutes, { sentryDsn: config.SENTRY_DSN });
  const withRoutes: Array<{ routes: ModuleRoute[] }> = [
    ...[m.auth, m.users, m.workspaces, m.team, m.billing, m.admin, m.projects, m.site],
    ...[m.publishing, m.domains, m.locations, m.generation, m.ai, m.images, m.editor],
    ...[m.notifications, m.review],
  ];
  for (const routes of withRoutes.flatMap((module) => module.routes)) await routes.register(app);
  await registerWeb(app, config.webDistDir);
  return app;
}
