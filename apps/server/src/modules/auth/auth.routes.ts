import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authApi } from '@cityforge/shared';
import { clientNetwork } from '../../lib/client-network.ts';
import { route } from '../../lib/route.ts';
import type { AuthService } from './auth.service.ts';

/** The browser's proof that it signed in to an account before (see sign-in-throttle.ts). */
const SIGN_IN_COOKIE = 'cityforge_sign_in';
const SIGN_IN_COOKIE_DAYS = 90;

export const authRoutes: FastifyPluginAsyncZod<{
  authService: AuthService;
  authRateMax: number;
  secureCookies: boolean;
}> = async (app, { authService, authRateMax, secureCookies }) => {
  await app.register(cookie);
  // Counted per network (an IPv6 client may change its address within its /64 at will).
  const ip = (req: { ip: string }) => clientNetwork(req.ip);
  const ipAndEmail = (req: { ip: string; body?: unknown }) =>
    `${ip(req)}:${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`;
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
  const limitedBy = (keyGenerator: typeof ip | typeof ipAndEmail, max = authRateMax) => ({
    config: limited(keyGenerator, max),
    schema: { tags },
  });

  route(app, authApi.signup, limitedBy(ip), async (request, reply) =>
    reply.status(201).send(await authService.signup(request.body)),
  );
  route(app, authApi.verifyEmail, limitedBy(ip), async (request) =>
    authService.verifyEmail(request.params.token),
  );
  route(app, authApi.resendVerification, limitedBy(ipAndEmail), async (request) =>
    authService.resendVerification(request.body.email),
  );
  route(app, authApi.login, limitedBy(ipAndEmail), async (request, reply) => {
    const { device, ...answer } = await authService.login(
      request.body.email,
      request.body.password,
      { ip: request.ip, device: request.cookies[SIGN_IN_COOKIE] },
    );
    // Only the sign-in route reads it, and only to let its owner through a pause.
    reply.setCookie(SIGN_IN_COOKIE, device, {
      path: authApi.login.path,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      maxAge: SIGN_IN_COOKIE_DAYS * 24 * 60 * 60,
    });
    return answer;
  });
  route(app, authApi.refresh, limitedBy(ip, authRateMax * 6), async (request) =>
    authService.refresh(request.body.refresh),
  );
  route(app, authApi.logout, { schema: { tags } }, async (request) => {
    // Logout works with either credential: the bearer's session, the refresh token, or both.
    let familyId: string | undefined;
    if (request.headers.authorization) {
      await app.requireUser(request).catch(() => undefined);
      familyId = request.sessionFamily ?? undefined;
    }
    return authService.logout({ refresh: request.body?.refresh, familyId });
  });
  route(app, authApi.requestPasswordReset, limitedBy(ipAndEmail), async (request) =>
    authService.requestPasswordReset(request.body.email),
  );
  route(app, authApi.verifyPasswordReset, limitedBy(ip), async (request) =>
    authService.verifyPasswordReset(request.params.token),
  );
  route(app, authApi.resetPassword, limitedBy(ip), async (request) =>
    authService.resetPassword(request.params.token, request.body.password),
  );
};
