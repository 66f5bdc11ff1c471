import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackupError,
  MANIFEST_NAME,
  codeMigrationLevel,
  secretFingerprint,
  type BackupManifest,
} from '../src/backup/backup-manifest.ts';
import { checkBackup } from '../src/backup/backup-reader.ts';
import { restoreBackup } from '../src/backup/backup-restore.ts';
import { writeBackup } from '../src/backup/backup-writer.ts';
import { entriesOf, migratedFolder, readFolder, scratch, writeArchive } from './helpers/backups.ts';

// The archive itself, in process: what `npm run backup` and `npm run restore` do around it
// (the running app's socket, the commands' messages) is driven through real processes in
// backup.process.test.ts.

const folders = scratch('cityforge-backup-');
afterAll(() => folders.cleanup());

const SECRET = 'a-generated-secret-of-the-data-folder-0123456789';
let source: string;
let backup: string;
let pairsWritten = 0;

/**
 * A data folder as the app leaves it, with a backup taken while pairs of rows are written in
 * transactions, each pair in two tables: a copy of the folder taken mid-transaction, or
 * between the two tables' files, would restore with the tables apart.
 */
beforeAll(async () => {
  source = folders.folder();
  const pglite = await migratedFolder(source);
  fs.mkdirSync(path.join(source, 'images'));
  fs.writeFileSync(path.join(source, 'images', 'a.png'), Buffer.from([137, 80, 78, 71, 1, 2, 3]));
  fs.mkdirSync(path.join(source, 'outbox'));
  fs.writeFileSync(path.join(source, 'outbox', 'welcome.eml'), 'Subject: Welcome\n\nHello');
  fs.writeFileSync(path.join(source, 'secret'), SECRET, { mode: 0o600 });
  // Scratch, deploy builds and sites built ahead: temporary or made again, never carried.
  for (const folder of ['tmp', 'deploys', 'prebuilt'])
    fs.mkdirSync(path.join(source, folder, 'x'), { recursive: true });
  fs.writeFileSync(path.join(source, 'prebuilt', 'p.pack'), 'pack');
  fs.writeFileSync(path.join(source, 'images', '.b.png.123.tmp'), 'being written');
  await pglite.exec(
    'create table pairs_a (n int primary key); create table pairs_b (n int primary key)',
  );

  let writing = true;
  const writer = (async () => {
    while (writing) {
      // A pause between transactions, as between an app's requests: the writes go on all
      // through the backup without taking every turn of the one thread they share with it.
      await new Promise((resolve) => setTimeout(resolve, 1));
      const n = ++pairsWritten;
      await pglite.transaction(async (tx) => {
        await tx.query('insert into pairs_a values ($1)', [n]);
        await tx.query('insert into pairs_b values ($1)', [n]);
      });
    }
  })();
  backup = path.join(folders.folder(), 'backup.tar.gz');
  await writeBackup(
    { pglite, dataDir: source, secret: SECRET, secretFromEnvironment: false },
    fs.createWriteStream(backup),
  );
  writing = false;
  await writer;
  await pglite.close();
});

describe('a backup of the embedded mode', () => {
  it('holds the manifest first, the database, the data folders and the secret, and nothing temporary', async () => {
    const { manifest, files } = await checkBackup(backup);
    expect(manifest).toMatchObject({
      format: 'cityforge-backup',
      formatVersion: 1,
      migration: codeMigrationLevel(),
      folders: ['images', 'outbox'],
      secret: 'included',
      secretFingerprint: secretFingerprint(SECRET),
    });
    expect(Date.parse(manifest.createdAt)).toBeGreaterThan(Date.now() - 120_000);
    expect(files).toBe(2);
    const names = (await entriesOf(backup)).map((e) => e.name);
    expect(names[0]).toBe(MANIFEST_NAME);
    expect(names).toEqual(
      expect.arrayContaining(['db/PG_VERSION', 'images/a.png', 'outbox/welcome.eml', 'secret']),
    );
    // PostgreSQL's empty folders are carried: without them the database does not start.
    expect(names).toContain('db/pg_tblspc');
    expect(names.filter((n) => /^(tmp|deploys|prebuilt|db\.lock)\b|\.tmp$/.test(n))).toEqual([]);
    expect(fs.readdirSync(path.join(source, 'tmp'))).toEqual(['x']);
  });

  it('restores into an empty folder: the same rows, consistent to a transaction, the same files and secret', async () => {
    const target = path.join(folders.folder(), 'data');
    const restored = await restoreBackup(backup, target);
    expect(restored).toMatchObject({ files: 2, users: 0, projects: 0 });
    expect(fs.readFileSync(path.join(target, 'images', 'a.png'))).toEqual(
      fs.readFileSync(path.join(source, 'images', 'a.png')),
    );
    expect(fs.readFileSync(path.join(target, 'outbox', 'welcome.eml'), 'utf8')).toContain('Hello');
    expect(fs.readFileSync(path.join(target, 'secret'), 'utf8')).toBe(SECRET);
    expect(fs.statSync(path.join(target, 'secret')).mode & 0o077).toBe(0);
    expect(fs.existsSync(path.join(target, 'db.lock'))).toBe(false);
    const pairs = await readFolder(target, async (db) => {
      const { rows } = await db.query<{ a: number; b: number; joined: number }>(
        `select (select count(*) from pairs_a)::int as a, (select count(*) from pairs_b)::int as b,
                (select count(*) from pairs_a join pairs_b using (n))::int as joined`,
      );
      return rows[0]!;
    });
    expect(pairs.a).toBeGreaterThan(0);
    expect(pairs.a).toBeLessThanOrEqual(pairsWritten);
    expect(pairs).toEqual({ a: pairs.a, b: pairs.a, joined: pairs.a });
  });
});

describe('a restore refuses', () => {
  /** Restores `file` into a folder that does not exist yet; expects the refusal and no folder. */
  async function refused(file: string, message: RegExp) {
    const target = path.join(folders.folder(), 'data');
    const error = await restoreBackup(file, target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(message);
    expect(fs.existsSync(target)).toBe(false);
  }

  it('a data folder that is not empty, and leaves it as it was', async () => {
    const target = folders.folder();
    fs.writeFileSync(path.join(target, 'notes.txt'), 'mine');
    await expect(restoreBackup(backup, target)).rejects.toThrow(
      `The data folder ${target} is not empty: a restore only goes into an empty folder`,
    );
    expect(fs.readdirSync(target)).toEqual(['notes.txt']);
  });

  it('files that are not backups', async () => {
    const dir = folders.folder();
    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'not an archive at all');
    await refused(text, /notes\.txt is not a CityForge backup: it is not the \.tar\.gz archive/);

    const noManifest = path.join(dir, 'photos.tar.gz');
    await writeArchive(noManifest, [{ name: 'a.jpg', type: 'file', body: Buffer.from('jpg') }]);
    await refused(
      noManifest,
      /photos\.tar\.gz is not a CityForge backup: it does not begin with cityforge-backup\.json/,
    );

    const foreign = path.join(dir, 'other.tar.gz');
    await writeArchive(foreign, [
      {
        name: MANIFEST_NAME,
        type: 'file',
        body: Buffer.from('{"format":"other","formatVersion":1}'),
      },
    ]);
    await refused(
      foreign,
      /other\.tar\.gz is not a CityForge backup: its cityforge-backup\.json is not ours/,
    );

    await refused(path.join(dir, 'missing.tar.gz'), /missing\.tar\.gz does not exist/);
  });

  it('a backup from a newer migration level than the code, before writing anything', async () => {
    const entries = await entriesOf(backup);
    const manifest = JSON.parse(entries[0]!.body.toString()) as BackupManifest;
    const code = codeMigrationLevel();
    manifest.migration = {
      count: code.count + 1,
      latest: '9999_from_the_future',
      latestStamp: code.latestStamp + 1,
    };
    entries[0]!.body = Buffer.from(JSON.stringify(manifest));
    const newer = path.join(folders.folder(), 'newer.tar.gz');
    await writeArchive(newer, entries);
    await refused(
      newer,
      new RegExp(
        `newer\\.tar\\.gz was made by a newer CityForge: its database is at migration ${code.count + 1} \\(9999_from_the_future\\), and this code only knows up to migration ${code.count} \\(${code.latest}\\)\\. Update CityForge, then restore\\.`,
      ),
    );
  });

  it('a cut or damaged backup, removing what it had written', async () => {
    const bytes = fs.readFileSync(backup);
    const cut = path.join(folders.folder(), 'cut.tar.gz');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    await refused(cut, /cut\.tar\.gz is damaged or incomplete/);

    // A flipped byte anywhere is caught by gzip's checksum, read at the very end.
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 6]! ^= 0xff;
    const damaged = path.join(folders.folder(), 'damaged.tar.gz');
    fs.writeFileSync(damaged, flipped);
    await expect(checkBackup(damaged)).rejects.toThrow(/damaged\.tar\.gz is damaged or incomplete/);
  });

  it('an entry that would land outside the data folder or is not a file', async () => {
    const [manifest] = await entriesOf(backup);
    const hostile = path.join(folders.folder(), 'hostile.tar.gz');
    await writeArchive(hostile, [
      manifest!,
      { name: 'images/../../escaped.txt', type: 'file', body: Buffer.from('x') },
    ]);
    await refused(
      hostile,
      /hostile\.tar\.gz is not a CityForge backup: it holds "images\/\.\.\/\.\.\/escaped\.txt"/,
    );
    expect(fs.existsSync(path.join(path.dirname(hostile), 'escaped.txt'))).toBe(false);

    const unlisted = path.join(folders.folder(), 'unlisted.tar.gz');
    await writeArchive(unlisted, [
      manifest!,
      { name: 'bin/run.sh', type: 'file', body: Buffer.from('x') },
    ]);
    await refused(unlisted, /it holds "bin\/run\.sh", which no backup does/);
  });
});
