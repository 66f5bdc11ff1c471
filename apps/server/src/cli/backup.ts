import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/env.ts';
import { DataDirLockedError, openDatabase } from '../db/open.ts';
import { resolveAppSecret } from '../lib/secret.ts';
import { BackupError, describeLevel } from '../backup/backup-manifest.ts';
import { checkBackup } from '../backup/backup-reader.ts';
import { requestBackup } from '../backup/backup-socket.ts';
import { hasDatabase, writeBackup } from '../backup/backup-writer.ts';
import {
  describeFiles,
  embeddedConfig,
  fromOperator,
  megabytes,
  runCommand,
} from './backup-cli.ts';

// Usage: npm run backup -- <file>   (a new file: a .tar.gz archive)

/** Only the owner may read it: it holds the database and, usually, the secret. */
const openPrivate = (file: string) => fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });

/** With no app running, this command holds DATA_DIR and copies it itself. */
async function backupStopped(config: Config, partial: string) {
  if (!hasDatabase(config.dataDir))
    throw new BackupError(
      `There is no CityForge database in ${config.dataDir} (DATA_DIR): nothing to back up.`,
    );
  const handle = await openDatabase(config).catch((err: unknown) => {
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new BackupError(
      `A CityForge process holds ${config.dataDir} but did not answer on its backup socket (a release from before backups, or one whose start-up log says the socket could not be opened). Stop it and run the backup again: with the app stopped, the backup opens DATA_DIR itself.`,
    );
  });
  if (handle.kind !== 'pglite') throw new BackupError('Not the embedded database.');
  try {
    const source = {
      pglite: handle.pglite,
      dataDir: config.dataDir,
      secret: resolveAppSecret(config.APP_SECRET, config.dataDir),
      secretFromEnvironment: Boolean(config.APP_SECRET),
    };
    await writeBackup(source, openPrivate(partial)).catch((err: NodeJS.ErrnoException) => {
      if (!err.code) throw err;
      throw new BackupError(`The backup could not be written (${err.message}).`);
    });
  } finally {
    await handle.close();
  }
}

runCommand(async () => {
  const [arg] = process.argv.slice(2);
  if (!arg) throw new BackupError('Usage: npm run backup -- <file>   (writes a new .tar.gz file)');
  const config = embeddedConfig('backup');
  const target = fromOperator(arg);
  if (fs.existsSync(target))
    throw new BackupError(
      `${target} already exists: a backup never replaces a file. Name a new one.`,
    );
  // Written beside the target under a hidden name, and named only once it is read back whole.
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.partial`);
  try {
    const running = await requestBackup(config.dataDir, () => openPrivate(partial));
    if (!running) await backupStopped(config, partial);
    const { manifest, files, bytes } = await checkBackup(partial).catch((err: unknown) => {
      const log = running ? ': the running app could not finish it (its log says why)' : '';
      throw new BackupError(`The backup is incomplete${log}. ${(err as Error).message}`);
    });
    await fsp.rename(partial, target);
    const secret =
      manifest.secret === 'included'
        ? 'It holds DATA_DIR/secret, which opens the users’ stored API keys and signs their sessions: keep the file as private as DATA_DIR itself.'
        : `APP_SECRET is set in the environment and is not in the file: keep it with your backups, apart from them (a restore needs the same value; fingerprint ${manifest.secretFingerprint}).`;
    console.log(
      [
        `Backup written to ${target} (${megabytes(bytes)}), ${running ? 'from the running app' : 'with the app stopped'}.`,
        `  The database at ${describeLevel(manifest.migration)}; ${describeFiles(files, manifest)}.`,
        `  ${secret}`,
        `  Restore it into an empty DATA_DIR with: npm run restore -- ${arg}`,
      ].join('\n'),
    );
  } finally {
    await fsp.rm(partial, { force: true });
  }
});
