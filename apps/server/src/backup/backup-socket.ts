import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config/env.ts';
import type { Logger } from '../lib/logger.ts';
import { resolveAppSecret } from '../lib/secret.ts';
import { BackupError } from './backup-manifest.ts';
import { removeStaleStaging, writeBackup } from './backup-writer.ts';

/** Linux keeps a socket's path in 108 bytes, macOS in 104 (the terminating zero included). */
const MAX_SOCKET_PATH = 100;

/**
 * Where the running app takes backup requests: a Unix socket in DATA_DIR. Only who may write
 * in DATA_DIR (the app's own user: the folder already holds the database and the secret) can
 * connect; nothing listens on the network. A DATA_DIR too deep for a socket's path is reached
 * relative to the working directory when that is short enough.
 */
export function backupSocketPath(dataDir: string): string {
  const full = path.join(dataDir, 'backup.sock');
  if (Buffer.byteLength(full) <= MAX_SOCKET_PATH) return full;
  const relative = path.relative(process.cwd(), full);
  return relative.length < full.length ? relative : full;
}

/**
 * Lets `npm run backup` take a consistent backup of the running embedded app: every connection
 * to the socket gets one backup archive, written by this process (the one holding the
 * database) and streamed back; one at a time. Answers how to stop listening, which waits for a
 * backup's copy of the database so the database is closed only after it.
 */
export async function listenForBackups(deps: {
  pglite: PGlite;
  config: Pick<Config, 'dataDir' | 'APP_SECRET'>;
  logger: Logger;
}): Promise<{ close(): Promise<void> }> {
  const { pglite, config, logger } = deps;
  const address = backupSocketPath(config.dataDir);
  const source = {
    pglite,
    dataDir: config.dataDir,
    secret: resolveAppSecret(config.APP_SECRET, config.dataDir),
    secretFromEnvironment: Boolean(config.APP_SECRET),
  };
  // This process holds DATA_DIR's lock: a socket or a staging copy found here was left by a
  // holder that was killed.
  await removeStaleStaging(config.dataDir);
  await fsp.rm(address, { force: true });

  const sockets = new Set<net.Socket>();
  let queue = Promise.resolve();
  const serve = async (socket: net.Socket) => {
    if (socket.destroyed) return;
    const started = performance.now();
    try {
      const { files } = await writeBackup(source, socket);
      logger.info({ files, ms: Math.round(performance.now() - started) }, 'backup taken');
    } catch (err) {
      logger.warn({ err }, 'backup failed; the backup command reports it incomplete');
      socket.destroy();
    }
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // Its failure (the command stopped) ends the backup through the pipeline; nothing to add.
    socket.on('error', () => {});
    queue = queue.then(() => serve(socket));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address, resolve);
    });
    await fsp.chmod(address, 0o600);
  } catch (err) {
    logger.warn(
      { socket: address, reason: (err as Error).message },
      'backups of the running app are off: the backup socket could not be opened. Stop the app to back it up (npm run backup then opens DATA_DIR itself)',
    );
    server.close();
    return { close: async () => {} };
  }
  return {
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      await queue;
    },
  };
}

/**
 * Asks the running app of `dataDir` for a backup and streams it into what `open` gives.
 * Answers false, having opened nothing, when no app listens there (none runs, or one was
 * killed and left its socket).
 */
export async function requestBackup(dataDir: string, open: () => Writable): Promise<boolean> {
  const address = backupSocketPath(dataDir);
  const socket = net.connect(address);
  const connected = await new Promise<boolean>((resolve, reject) => {
    socket.once('connect', () => resolve(true));
    socket.once('error', (err: NodeJS.ErrnoException) =>
      ['ENOENT', 'ECONNREFUSED'].includes(err.code ?? '')
        ? resolve(false)
        : reject(
            new BackupError(
              `The running app's backup socket ${address} cannot be reached (${err.message}): run the backup as the user the app runs as.`,
            ),
          ),
    );
  });
  if (!connected) return false;
  // A cut connection ends the file early; the check that reads it back says it is incomplete.
  await pipeline(socket, open()).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
    throw new BackupError(`The backup file could not be written (${err.message}).`);
  });
  return true;
}
