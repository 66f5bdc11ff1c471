import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { acquireLock, PGLITE_START_PARAMS } from '../db/open.ts';
import {
  BackupError,
  DB_FOLDER,
  SECRET_FILE,
  codeMigrationLevel,
  describeLevel,
  type BackupManifest,
} from './backup-manifest.ts';
import { readBackup, type BackupEntry } from './backup-reader.ts';

/** What an empty data folder may still hold: a mounted file system's own folder. */
const FOLDER_OWN = new Set(['lost+found']);
const LOCK_FILE = 'db.lock';

function refuseUnlessEmpty(dataDir: string) {
  let names: string[];
  try {
    names = fs.readdirSync(dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code === 'ENOTDIR') throw new BackupError(`DATA_DIR (${dataDir}) is a file, not a folder.`);
    throw error;
  }
  if (names.some((name) => !FOLDER_OWN.has(name)))
    throw new BackupError(
      `The data folder ${dataDir} is not empty: a restore only goes into an empty folder, so that nothing there is overwritten. Move it aside (or set DATA_DIR to a new folder) and run the restore again.`,
    );
}

/** A backup made by newer code than this: its schema has migrations this code does not know. */
function refuseNewer(manifest: BackupManifest, file: string) {
  const code = codeMigrationLevel();
  if (manifest.migration.latestStamp > code.latestStamp)
    throw new BackupError(
      `${file} was made by a newer CityForge: its database is at ${describeLevel(manifest.migration)}, and this code only knows up to ${describeLevel(code)}. Update CityForge, then restore.`,
    );
}

async function place(dataDir: string, entry: BackupEntry) {
  const target = path.join(dataDir, ...entry.segments);
  if (entry.type === 'directory') {
    await fsp.mkdir(target, { recursive: true, mode: 0o700 });
    for await (const _ of entry.body);
    return;
  }
  await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  // 'wx': an archive naming one file twice is damaged, never a reason to overwrite.
  await pipeline(entry.body, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  await fsp.utimes(target, entry.mtime, entry.mtime);
}

/** Everything a failed restore wrote, so the folder is as empty as it was found. */
async function emptyAgain(dataDir: string) {
  for (const name of await fsp.readdir(dataDir).catch(() => []))
    if (!FOLDER_OWN.has(name) && name !== LOCK_FILE)
      await fsp.rm(path.join(dataDir, name), { recursive: true, force: true });
}

/**
 * Opens the restored database once, as the next start will (replaying what its WAL holds),
 * and counts what it holds: a backup whose database does not open is refused now, not at
 * the operator's next `npm start`.
 */
async function openRestored(dataDir: string) {
  const db = await PGlite.create(path.join(dataDir, DB_FOLDER), {
    startParams: PGLITE_START_PARAMS,
  });
  try {
    const { rows } = await db.query<{ users: number; projects: number }>(
      'select (select count(*) from users)::int as users, (select count(*) from projects)::int as projects',
    );
    return rows[0]!;
  } finally {
    await db.close();
  }
}

export type RestoreSummary = {
  manifest: BackupManifest;
  files: number;
  users: number;
  projects: number;
};

/**
 * Brings a backup back into an empty data folder: refuses a folder that is not empty, a file
 * that is not a backup and a backup from newer code before writing anything; on any later
 * failure removes what it wrote. The folder is locked throughout, as a running app locks it.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreSummary> {
  refuseUnlessEmpty(dataDir);
  const existed = fs.existsSync(dataDir);
  await fsp.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const release = acquireLock(path.join(dataDir, LOCK_FILE));
  try {
    return await restoreInto(file, dataDir);
  } catch (error) {
    await emptyAgain(dataDir);
    throw error;
  } finally {
    release();
    // A folder this restore made and could not fill goes too: as the operator left things.
    if (!existed) await fsp.rmdir(dataDir).catch(() => {});
  }
}

async function restoreInto(file: string, dataDir: string): Promise<RestoreSummary> {
  let files = 0;
  const manifest = await readBackup(file, {
    manifest: (m) => refuseNewer(m, file),
    async entry(entry) {
      await place(dataDir, entry);
      const name = entry.segments.join('/');
      if (entry.type === 'file' && entry.segments[0] !== DB_FOLDER && name !== SECRET_FILE) files++;
    },
  });
  if (!fs.existsSync(path.join(dataDir, DB_FOLDER, 'PG_VERSION')))
    throw new BackupError(`${file} is damaged: it holds no database.`);
  const counts = await openRestored(dataDir).catch((error: unknown) => {
    throw new BackupError(`The database in ${file} does not open (${(error as Error).message}).`);
  });
  return { manifest, files, ...counts };
}
