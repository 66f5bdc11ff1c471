import path from 'node:path';
import { EnvError, loadConfig, type Config } from '../config/env.ts';
import { DataDirLockedError } from '../db/open.ts';
import { BackupError, secretFingerprint, type BackupManifest } from '../backup/backup-manifest.ts';

/**
 * The configuration, when it is the embedded mode's: the database in DATA_DIR/db and the files
 * in DATA_DIR. With PostgreSQL or S3 the data is not in DATA_DIR, and these commands would copy
 * a part of it; they point to the tools that back up those services instead.
 */
export function embeddedConfig(command: 'backup' | 'restore'): Config {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof EnvError) throw new BackupError(err.message);
    throw err;
  }
  const elsewhere = [
    config.DATABASE_URL && 'the database is PostgreSQL (DATABASE_URL is set)',
    config.S3_BUCKET && 'the files are in object storage (S3_BUCKET is set)',
  ].filter(Boolean);
  if (elsewhere.length)
    throw new BackupError(
      `npm run ${command} is for the embedded mode, where the database and the files are in DATA_DIR. Here ${elsewhere.join(' and ')}: ` +
        `${command === 'backup' ? 'back up' : 'restore'} PostgreSQL with its own tools (pg_dump or point-in-time recovery) and the bucket with versioning or a mirror, and keep APP_SECRET apart. docs/operations.md ("Backups") says how.`,
    );
  return config;
}

/** A path the operator typed, from where they typed it (npm runs scripts at the repo root). */
export const fromOperator = (file: string) =>
  path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** "3 files in images, outbox" */
export const describeFiles = (files: number, manifest: BackupManifest) =>
  `${files} file${files === 1 ? '' : 's'}${manifest.folders.length ? ` in ${manifest.folders.join(', ')}` : ''}`;

/**
 * What the operator must know about APP_SECRET after a restore: it opens the users' sealed
 * API keys and signs their sessions, so the restored app must use the one the backup was
 * made with. `current` is APP_SECRET as set for this command, if it is.
 */
export function restoredSecretNote(manifest: BackupManifest, current: string | undefined) {
  const matches =
    current !== undefined && secretFingerprint(current) === manifest.secretFingerprint;
  if (manifest.secret === 'included') {
    if (current === undefined || matches)
      return 'The secret came with it (DATA_DIR/secret): users stay signed in and their stored API keys open.';
    return 'Warning: APP_SECRET is set here and is not the secret this backup was made with. The app uses APP_SECRET before DATA_DIR/secret, so users would have to sign in again and their stored API keys would not open: unset APP_SECRET to use the restored secret.';
  }
  if (matches) return 'APP_SECRET here is the one the backup was made with.';
  return `Warning: this backup was made with APP_SECRET set in the environment (fingerprint ${manifest.secretFingerprint}), which it does not hold. Start the app with that same APP_SECRET: without it, users must sign in again and their stored API keys cannot be opened.`;
}

/** Runs a command: a refusal prints its sentence and exits 1; anything else its stack. */
export function runCommand(main: () => Promise<void>) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      const expected = err instanceof BackupError || err instanceof DataDirLockedError;
      console.error(expected ? (err as Error).message : err);
      process.exit(1);
    },
  );
}
