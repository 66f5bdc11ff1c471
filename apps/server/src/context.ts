import type { PgBoss } from 'pg-boss';
import type { Config } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import { createCipher } from './lib/crypto.ts';
import type { Logger } from './lib/logger.ts';
import { resolveAppSecret } from './lib/secret.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createJwt } from './modules/auth/jwt.ts';
import { createBillingRepo } from './modules/billing/billing.repo.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { createMailQueue } from './modules/mail/mail.jobs.ts';
import { createProjectsRepo } from './modules/projects/projects.repo.ts';
import { createProjectsService } from './modules/projects/projects.service.ts';
import { createUsersRepo } from './modules/users/users.repo.ts';
import { createUsersService } from './modules/users/users.service.ts';

/**
 * The composition root: one place that wires repos and services from the database, the
 * queue and the config. The HTTP app, the workers and the CLI all start from it.
 */
export function createContext(opts: {
  config: Config;
  handle: DbHandle;
  boss: PgBoss;
  logger: Logger;
}) {
  const { config, handle, boss, logger } = opts;
  const db = handle.db;
  const secret = resolveAppSecret(config.APP_SECRET, config.dataDir);
  const cipher = createCipher(secret);
  const jwt = createJwt(secret);
  const mailQueue = createMailQueue(boss);

  const usersRepo = createUsersRepo(db);
  const authRepo = createAuthRepo(db);
  const billingRepo = createBillingRepo(db);
  const projectsRepo = createProjectsRepo(db);
  const usersService = createUsersService({ usersRepo, cipher });
  const authService = createAuthService({
    db,
    appUrl: config.appUrl,
    authRepo,
    usersRepo,
    usersService,
    jwt,
    mailQueue,
  });
  const billingService = createBillingService({ billingRepo, appUrl: config.appUrl });
  const projectsService = createProjectsService({
    projectsRepo,
    serverKeys: {
      openrouter: Boolean(config.OPENROUTER_API_KEY),
      openai: Boolean(config.OPENAI_API_KEY),
    },
  });

  return {
    config,
    handle,
    db,
    boss,
    logger,
    cipher,
    jwt,
    mailQueue,
    repos: { usersRepo, authRepo, billingRepo, projectsRepo },
    services: { usersService, authService, billingService, projectsService },
  };
}
export type AppContext = ReturnType<typeof createContext>;
