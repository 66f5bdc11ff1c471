import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@cityforge/shared';
import { forbidden, unauthenticated } from '../../lib/errors.ts';
import type { Jwt } from './jwt.ts';
import type { UsersRepo } from '../users/index.ts';
import type { AuthRepo } from './auth.repo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
    requireSuperuser: (request: FastifyRequest) => Promise<void>;
  }
}

// lastActivity is written at most once per window per user, not on every request.
const ACTIVITY_WINDOW_MS = 5 * 60 * 1000;

export const authPlugin = fp(
  async (app: FastifyInstance, deps: { jwt: Jwt; usersRepo: UsersRepo; authRepo: AuthRepo }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionFamily', null);

    async function requireUser(request: FastifyRequest) {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
      if (!token) throw unauthenticated(MSG.notAuthenticated);
      const claims = await deps.jwt.verify(token);
      if (claims === 'expired') throw unauthenticated(MSG.sessionExpired);
      if (!claims) throw unauthenticated(MSG.sessionExpired);
      // Logout and refresh-token reuse revoke the session family; its access tokens die with it.
      const user = await deps.authRepo.sessionUser(claims.sub, claims.fam);
      if (!user || !user.isActive) throw unauthenticated(MSG.sessionExpired);
      request.user = user;
      request.sessionFamily = claims.fam;
      const last = user.lastActivityAt?.getTime() ?? 0;
      if (Date.now() - last > ACTIVITY_WINDOW_MS) {
        await deps.usersRepo.touchActivity(user.id, new Date());
      }
    }

    app.decorate('requireUser', requireUser);
    app.decorate('requireSuperuser', async (request: FastifyRequest) => {
      await requireUser(request);
      if (!request.user?.isSuperuser) throw forbidden();
    });
  },
);
