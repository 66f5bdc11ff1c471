import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZLoginRequest,
  ZLoginResponse,
  ZMessage,
  ZRefreshRequest,
  ZRefreshResponse,
  ZRequestPasswordReset,
  ZResendVerification,
  ZResetPasswordRequest,
  ZSignupRequest,
  ZVerifyResetResponse,
} from '@cityforge/shared';
import type { AuthService } from './auth.service.ts';

const ZToken = z.object({ token: z.string().min(1).max(200) });
const ZLogoutBody = z.object({ refresh: z.string().max(200).optional() }).nullish();

export const authRoutes: FastifyPluginAsyncZod<{
  authService: AuthService;
  authRateMax: number;
}> = async (app, { authService, authRateMax }) => {
  const ip = (req: { ip: string }) => req.ip;
  const ipAndEmail = (req: { ip: string; body?: unknown }) =>
    `${req.ip}:${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`;
  const limited = (keyGenerator: typeof ip | typeof ipAndEmail, max = authRateMax) => ({
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator,
      // The default onRequest hook runs before the body is read, so a key made from the e-mail
      // was the same for every address: one office behind one IP shared ten sign-ins a minute.
      ...(keyGenerator === ipAndEmail && { hook: 'preHandler' as const }),
    },
  });
  const tags = ['auth'];

  app.post(
    '/auth/signup/',
    { config: limited(ip), schema: { tags, body: ZSignupRequest, response: { 201: ZMessage } } },
    async (request, reply) => reply.status(201).send(await authService.signup(request.body)),
  );
  app.get(
    '/auth/verify-email/:token/',
    { config: limited(ip), schema: { tags, params: ZToken, response: { 200: ZMessage } } },
    async (request) => authService.verifyEmail(request.params.token),
  );
  app.post(
    '/auth/resend-verification/',
    {
      config: limited(ipAndEmail),
      schema: { tags, body: ZResendVerification, response: { 200: ZMessage } },
    },
    async (request) => authService.resendVerification(request.body.email),
  );
  app.post(
    '/auth/login/',
    {
      config: limited(ipAndEmail),
      schema: { tags, body: ZLoginRequest, response: { 200: ZLoginResponse } },
    },
    async (request) => authService.login(request.body.email, request.body.password),
  );
  app.post(
    '/auth/token/refresh/',
    {
      config: limited(ip, authRateMax * 6),
      schema: { tags, body: ZRefreshRequest, response: { 200: ZRefreshResponse } },
    },
    async (request) => authService.refresh(request.body.refresh),
  );
  app.post(
    '/auth/logout/',
    { schema: { tags, body: ZLogoutBody, response: { 200: ZMessage } } },
    async (request) => {
      // Logout works with either credential: the bearer's session, the refresh token, or both.
      let familyId: string | undefined;
      if (request.headers.authorization) {
        await app.requireUser(request).catch(() => undefined);
        familyId = request.sessionFamily ?? undefined;
      }
      return authService.logout({ refresh: request.body?.refresh, familyId });
    },
  );
  app.post(
    '/auth/request-password-reset/',
    {
      config: limited(ipAndEmail),
      schema: { tags, body: ZRequestPasswordReset, response: { 200: ZMessage } },
    },
    async (request) => authService.requestPasswordReset(request.body.email),
  );
  app.get(
    '/auth/verify-password-reset/:token/',
    {
      config: limited(ip),
      schema: { tags, params: ZToken, response: { 200: ZVerifyResetResponse } },
    },
    async (request) => authService.verifyPasswordReset(request.params.token),
  );
  app.post(
    '/auth/reset-password/:token/',
    {
      config: limited(ip),
      schema: { tags, params: ZToken, body: ZResetPasswordRequest, response: { 200: ZMessage } },
    },
    async (request) => authService.resetPassword(request.params.token, request.body.password),
  );
};
