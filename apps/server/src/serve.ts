import type { FastifyInstance } from 'fastify';
import { loadConfig, EnvError, type Config } from './config/env.ts';
import type { AppContext } from './context.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { reportCrashes } from './lib/error-reporting.ts';
import { boot, shutdown } from './boot.ts';
import { buildApp } from './app.ts';
import { recoverySweeps, startWorkers } from './workers.ts';
import { startRecovery } from './jobs/recovery.ts';
import { DataDirLockedError } from './db/open.ts';
import { getGeoIndex } from './modules/locations/index.ts';
import { listenForBackups } from './backup/backup-socket.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const ctx = await boot(config, logger);
  reportCrashes(ctx.errorReporter, (err, kind) => logger.fatal({ err }, kind));
  let stopWorkers: (() => void) | undefined;
  if (config.runWorkers) {
    // What a killed process left half-done is put right before the workers take new jobs.
    await startRecovery({
      ...ctx,
      sweeps: recoverySweeps(ctx),
      afterMs: config.RECOVER_AFTER_SECONDS * 1000,
    });
    stopWorkers = await startWorkers(ctx);
  }
  // `npm run backup` asks the process holding the embedded database for a consistent copy.
  const backups =
    ctx.handle.kind === 'pglite'
      ? await listenForBackups({ pglite: ctx.handle.pglite, config, logger })
      : null;
  const app = config.runApi ? await buildApp(ctx) : null;
  // Before the banner: whoever starts the server may stop it as soon as it reads the banner,
  // and a SIGTERM that came before its handler would kill the process mid-write.
  stopOnSignals(async () => {
    await app?.close();
    await backups?.close();
    await shutdown(ctx);
    // After the queue stopped: a deploy that was running has put its folder in the bin.
    stopWorkers?.();
  }, logger);
  if (app) {
    await app.listen({ port: config.PORT, host: config.HOST });
    // The ZIP data index takes a moment to build; build it now, not in the first upload.
    setImmediate(() => getGeoIndex());
    console.log(banner(config, ctx, app));
  } else {
    logger.info('worker started');
  }
}

/** A graceful stop on SIGTERM or SIGINT (the first one; a second is ignored while it runs). */
function stopOnSignals(close: () => Promise<void>, logger: Logger) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** What the server prints once it listens: where it is, how to sign in, where its data is. */
function banner(config: Config, ctx: AppContext, app: FastifyInstance) {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.APP_URL ?? `http://localhost:${port}`;
  const signIn = config.ADMIN_EMAIL
    ? `Sign in as ${config.ADMIN_EMAIL} with ADMIN_PASSWORD,`
    : 'Sign up in the browser;';
  const mail = config.SMTP_URL
    ? 'mail goes through SMTP_URL'
    : `verification links are logged and saved in ${config.dataDir}/outbox`;
  const db = ctx.handle.kind === 'pglite' ? `embedded (${config.dataDir}/db)` : 'PostgreSQL';
  return `\n  CityForge is running at ${url}\n  ${signIn} ${mail}.\n  Database: ${db}; files: ${ctx.store.location}; role: ${config.ROLE}.\n`;
}

main().catch((err) => {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
