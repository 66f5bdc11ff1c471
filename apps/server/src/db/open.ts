import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config/env.ts';
import type { Logger } from 'pino';
import { fromConnectionString, fromPglite, type DbHandle } from './client.ts';

export class DataDirLockedError extends Error {}

/**
 * PGlite's start-up settings: PostgreSQL's defaults, with 32 MB of shared buffers instead of
 * 128 MB. The buffers live in the process's own memory (WASM), zero-filled at start, and the
 * operating system's cache still holds the data files: a 10,000-city site build's peak fell by
 * ~100 MB for a few percent more time reading (docs/decisions.md, "Jobs and database").
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: a second process opening the same folder would
 * corrupt it. The lock file holds the owner's pid; a stale one (dead pid) is taken over.
 */
export function acquireLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockPath, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${path.dirname(lockPath)} is in use by another CityForge process (pid ${owner}). ` +
            'Stop that process, point DATA_DIR elsewhere, or set DATABASE_URL to share a PostgreSQL database between processes.',
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new DataDirLockedError(`Could not lock ${lockPath}`);
}

export async function openDatabase(config: Config, logger?: Logger): Promise<DbHandle> {
  if (config.DATABASE_URL)
    return fromConnectionString(config.DATABASE_URL, undefined, (err) =>
      logger?.warn({ err }, 'database connection closed by the server while idle; reconnecting'),
    );
  const dir = path.join(config.dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  const release = acquireLock(path.join(config.dataDir, 'db.lock'));
  try {
    const pglite = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS });
    return fromPglite(pglite, release);
  } catch (err) {
    release();
    throw err;
  }
}
