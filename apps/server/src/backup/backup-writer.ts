import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { PGlite } from '@electric-sql/pglite';
import { APP_VERSION } from '@cityforge/shared';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  DB_FOLDER,
  MANIFEST_NAME,
  SECRET_FILE,
  databaseMigrationLevel,
  secretFingerprint,
  type BackupManifest,
} from './backup-manifest.ts';

/** What a backup is taken from: the open embedded database and the folder around it. */
export type BackupSource = {
  pglite: PGlite;
  dataDir: string;
  /** The APP_SECRET in use, for the manifest's fingerprint. */
  secret: string;
  /** APP_SECRET is set in the environment: DATA_DIR/secret is not the one in use, nor carried. */
  secretFromEnvironment: boolean;
};

/**
 * DATA_DIR's folders a backup leaves out: the database (copied on its own, consistently) and
 * what is temporary or made again on demand (scratch files, deploy build folders, sites built
 * ahead of their first deploy). Every other folder is carried: the file store's prefixes
 * (images/…) and the mail outbox. Of the top-level files only `secret` is (not the lock, the
 * socket, or a backup someone wrote there).
 */
const NOT_CARRIED = new Set([DB_FOLDER, 'tmp', 'deploys', 'prebuilt']);

/** Where a backup's copy of the database waits while it is archived (tmp/ is never carried). */
export const stagingRoot = (dataDir: string) => path.join(dataDir, 'tmp');
const STAGING_PREFIX = 'backup-';

/** Removes what a backup killed midway left in tmp/ (only the holder of DATA_DIR calls this). */
export async function removeStaleStaging(dataDir: string) {
  const names = await fsp.readdir(stagingRoot(dataDir)).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(STAGING_PREFIX)))
    await fsp.rm(path.join(stagingRoot(dataDir), name), { recursive: true, force: true });
}

/**
 * A copy of the database folder as it stands between two statements. PGlite runs one statement
 * at a time and writes through to its files (committed work is in the WAL on disk), so while
 * its query lock is held the folder is a crash-consistent snapshot, as PGlite's own
 * dumpDataDir reads it; copied on disk instead of into memory, a big database costs no heap.
 * The checkpoint first puts every change into the data files, so the copy opens with little
 * WAL to replay. Statements wait only for the copy (a disk-to-disk copy, not the archive).
 */
async function snapshotDatabase(pglite: PGlite, dbDir: string, into: string) {
  await pglite.exec('checkpoint');
  await pglite._runExclusiveQuery(() => fsp.cp(dbDir, into, { recursive: true }));
}

type Walked = { full: string; name: string; folder: boolean };

/**
 * Files and folders under `dir` as archive names under `prefix`, folders first: PostgreSQL
 * needs its empty ones (pg_tblspc, pg_twophase…). Dot-named entries are being written.
 */
async function* walk(dir: string, prefix: string): AsyncGenerator<Walked> {
  const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
  yield { full: dir, name: prefix, folder: true };
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    const name = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) yield* walk(full, name);
    else if (entry.isFile()) yield { full, name, folder: false };
  }
}

/** The top-level folders of DATA_DIR that a backup carries. */
async function carriedFolders(dataDir: string): Promise<string[]> {
  const entries = await fsp.readdir(dataDir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !NOT_CARRIED.has(e.name))
    .map((e) => e.name)
    .sort();
}

/**
 * Adds one file as it is now. The file store writes files whole and renames them into place;
 * the size is read from the open file and exactly that much is archived; a file removed
 * since it was listed is skipped (its row went with it, or goes at the next sweep). `signal`
 * ends the wait for room when the archive's reader went away.
 */
async function addFile(pack: tar.Pack, full: string, name: string, signal: AbortSignal) {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(full, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  try {
    const { size, mtime } = await handle.stat();
    const entry = pack.entry({ name, size, mtime, mode: 0o600 });
    const finished = once(entry, 'finish', { signal });
    if (size > 0)
      for await (const chunk of handle.createReadStream({ end: size - 1, autoClose: false }))
        if (!entry.write(chunk)) await once(entry, 'drain', { signal });
    entry.end(null);
    await finished;
    return 1;
  } finally {
    await handle.close();
  }
}

/** A folder entry (no body): counted as no file. */
function addFolder(pack: tar.Pack, name: string): number {
  pack.entry({ name, type: 'directory', mode: 0o700 });
  return 0;
}

/** The manifest written, and how many files of the carried folders went in. */
export type BackupSummary = { manifest: BackupManifest; files: number };

/**
 * Writes the backup archive (tar, gzip-compressed) to `out`: the manifest first, then the
 * database folder under db/, the carried folders, and DATA_DIR/secret when that is the secret
 * in use. Used by the running app (over its backup socket) and by the command on a stopped one.
 */
export async function writeBackup(source: BackupSource, out: Writable): Promise<BackupSummary> {
  const { pglite, dataDir } = source;
  const migration = await databaseMigrationLevel(pglite);
  const staging = path.join(stagingRoot(dataDir), `${STAGING_PREFIX}${randomUUID()}`);
  await fsp.mkdir(stagingRoot(dataDir), { recursive: true });
  try {
    await snapshotDatabase(pglite, path.join(dataDir, DB_FOLDER), staging);
    const folders = await carriedFolders(dataDir);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: APP_VERSION,
      createdAt: new Date().toISOString(),
      migration,
      postgres: (await fsp.readFile(path.join(staging, 'PG_VERSION'), 'utf8')).trim(),
      folders,
      secret: source.secretFromEnvironment ? 'environment' : 'included',
      secretFingerprint: secretFingerprint(source.secret),
    };
    const pack = tar.pack();
    const gone = new AbortController();
    const written = pipeline(pack, createGzip(), out);
    // The reader went away (the command was stopped): the file loop below stops at its next wait.
    written.catch((error: unknown) => gone.abort(error));
    const add = (item: Walked) =>
      item.folder ? addFolder(pack, item.name) : addFile(pack, item.full, item.name, gone.signal);
    let files = 0;
    try {
      pack.entry({ name: MANIFEST_NAME, mode: 0o600 }, JSON.stringify(manifest, null, 2));
      for await (const item of walk(staging, DB_FOLDER)) await add(item);
      for (const folder of folders)
        for await (const item of walk(path.join(dataDir, folder), folder)) files += await add(item);
      if (!source.secretFromEnvironment)
        await add({ full: path.join(dataDir, SECRET_FILE), name: SECRET_FILE, folder: false });
      pack.finalize();
    } catch (error) {
      // An unreadable file: the archive is cut short, so the reader sees it incomplete.
      pack.destroy(error as Error);
      throw error;
    }
    await written;
    return { manifest, files };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/** True when DATA_DIR holds an embedded database (a folder PGlite has initialised). */
export const hasDatabase = (dataDir: string) =>
  fs.existsSync(path.join(dataDir, DB_FOLDER, 'PG_VERSION'));
