import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Cipher } from '../../lib/crypto.ts';
import type { Logger } from '../../lib/logger.ts';
import { route } from '../../lib/module.ts';
import { createGoogleAccount } from './google-account.ts';
import { createGoogleOAuth } from './google-oauth.ts';
import { googleRoutes } from './google.routes.ts';
import { createUsersRepo } from './users.repo.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

export function createUsersModule(deps: {
  db: Db;
  cipher: Cipher;
  config: Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_OAUTH_URL' | 'appUrl'>;
  logger: Logger;
  spendingCapChanged: (user: UserRow) => Promise<void>;
}) {
  const repo = createUsersRepo(deps.db);
  const service = createUsersService({
    usersRepo: repo,
    cipher: deps.cipher,
    spendingCapChanged: deps.spendingCapChanged,
  });
  const google = createGoogleAccount({
    oauth: createGoogleOAuth(deps.config),
    cipher: deps.cipher,
    usersRepo: repo,
    appUrl: deps.config.appUrl,
    logger: deps.logger,
  });
  return {
    repo,
    service,
    /** The account's Google connection; its access tokens read linked Google Sheets. */
    google,
    routes: [
      route(usersRoutes, { usersService: service }),
      route(googleRoutes, { googleAccount: google, appUrl: deps.config.appUrl }),
    ],
  };
}
export type UsersModule = ReturnType<typeof createUsersModule>;
