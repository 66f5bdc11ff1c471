import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { PGLITE_START_PARAMS } from '../../src/db/open.ts';

export const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/db/migrations');

/** Scratch folders of a test file, removed by `cleanup()` (call it from afterAll). */
export function scratch(prefix: string) {
  const made: string[] = [];
  return {
    folder(): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
    cleanup() {
      for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A migrated embedded database in `dataDir`/db, as the app leaves it, opened: from the run's
 * migrated dump, or (a run on PostgreSQL has none) migrated here.
 */
export async function migratedFolder(dataDir: string): Promise<PGlite> {
  fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true });
  const dump = inject('pgliteDump');
  const pglite = await PGlite.create(path.join(dataDir, 'db'), {
    ...(dump && { loadDataDir: new Blob([fs.readFileSync(dump)]) }),
    startParams: PGLITE_START_PARAMS,
  });
  if (!dump) await migrate(drizzle(pglite), { migrationsFolder: MIGRATIONS });
  return pglite;
}

/** Opens an embedded database folder, runs `read`, closes it. */
export async function readFolder<T>(dataDir: string, read: (db: PGlite) => Promise<T>) {
  const db = await PGlite.create(path.join(dataDir, 'db'), { startParams: PGLITE_START_PARAMS });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

type Entry = { name: string; type: 'file' | 'directory'; body: Buffer };

/** Every entry of a .tar.gz, in order. */
export async function entriesOf(file: string): Promise<Entry[]> {
  const extract = tar.extract();
  const feeding = pipeline(fs.createReadStream(file), createGunzip(), extract);
  const entries: Entry[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const type = entry.header.type === 'directory' ? 'directory' : 'file';
    entries.push({ name: entry.header.name, type, body: Buffer.concat(chunks) });
  }
  await feeding;
  return entries;
}

/** Writes entries as a .tar.gz: a hand-made archive, or a real backup with one entry changed. */
export async function writeArchive(file: string, entries: Entry[]) {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), fs.createWriteStream(file));
  for (const { name, type, body } of entries)
    if (type === 'directory') pack.entry({ name, type });
    else pack.entry({ name }, body);
  pack.finalize();
  await written;
}
