import type { Config } from './config/env.ts';
import { createContext, type AppContext } from './context.ts';
import { runMigrations } from './db/client.ts';
import { openDatabase } from './db/open.ts';
import { createBoss, startBoss } from './jobs/boss.ts';
import type { Logger } from './lib/logger.ts';
import { seedPlans } from './modules/billing/index.ts';
import { resealLegacySecrets } from './modules/users/index.ts';

/** Opens the database, migrates, seeds, starts the queue: everything but HTTP and workers. */
export async function boot(config: Config, logger: Logger): Promise<AppContext> {
  const handle = await openDatabase(config, logger);
  try {
    await runMigrations(handle);
    await seedPlans(handle.db);
    const boss = createBoss(handle, logger);
    await startBoss(boss);
    const ctx = createContext({ config, handle, boss, logger });
    // A bucket that is missing or refuses the keys stops the start with a sentence, not the
    // first image a user makes.
    await ctx.store.check();
    await resealLegacySecrets(ctx.db, ctx.cipher, logger);
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const { created } = await ctx.modules.auth.service.ensureSuperuser(
        config.ADMIN_EMAIL,
        config.ADMIN_PASSWORD,
        { setPassword: false },
      );
      logger.info(
        { email: config.ADMIN_EMAIL, created },
        created ? 'superuser created from ADMIN_EMAIL' : 'superuser kept; its password is its own',
      );
    }
    return ctx;
  } catch (err) {
    await handle.close();
    throw err;
  }
}

export async function shutdown(ctx: AppContext) {
  // Graceful: running jobs finish (or are retried later by another worker); nothing is lost.
  await ctx.boss.stop({ graceful: true, timeout: 20_000 });
  await ctx.changeFeed.close();
  await ctx.handle.close();
  await ctx.errorReporter.close();
}
