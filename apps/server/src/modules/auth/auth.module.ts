import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/module.ts';
import type { MailQueue } from '../mail/index.ts';
import type { UsersModule } from '../users/index.ts';
import { createApiTokenAuthRepo } from './api-token.repo.ts';
import { authPlugin } from './auth.plugin.ts';
import { createAuthRepo } from './auth.repo.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import type { Jwt } from './jwt.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';

export function createAuthModule(deps: {
  db: Db;
  config: Pick<Config, 'appUrl' | 'RATE_LIMIT_AUTH_MAX' | 'PASSWORD_HASH_COST'>;
  secret: string;
  jwt: Jwt;
  mailQueue: MailQueue;
  users: Pick<UsersModule, 'repo' | 'service'>;
}) {
  const { db, jwt, users } = deps;
  const repo = createAuthRepo(db);
  const service = createAuthService({
    db,
    appUrl: deps.config.appUrl,
    authRepo: repo,
    usersRepo: users.repo,
    usersService: users.service,
    jwt,
    mailQueue: deps.mailQueue,
    tokenSecret: deps.secret,
    // One network may fail five times the per-minute limit before it pauses (50 by default):
    // an office behind one address signs in freely, a guesser cycling accounts does not.
    throttle: createSignInThrottle(db, {
      secret: deps.secret,
      networkFailures: 5 * deps.config.RATE_LIMIT_AUTH_MAX,
    }),
    passwordCost: deps.config.PASSWORD_HASH_COST,
  });
  return {
    repo,
    service,
    /** The request guard every module's routes rely on: registered before any of them. */
    guard: route(authPlugin, {
      jwt,
      usersRepo: users.repo,
      authRepo: repo,
      apiTokens: createApiTokenAuthRepo(db),
    }),
    routes: [
      route(authRoutes, {
        authService: service,
        authRateMax: deps.config.RATE_LIMIT_AUTH_MAX,
        secureCookies: deps.config.appUrl.startsWith('https:'),
      }),
    ],
  };
}
