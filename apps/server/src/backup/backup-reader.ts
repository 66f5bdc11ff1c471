import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import {
  BackupError,
  DB_FOLDER,
  MANIFEST_NAME,
  SECRET_FILE,
  parseManifest,
  type BackupManifest,
} from './backup-manifest.ts';

/** The manifest is a few hundred bytes; anything much larger is not one. */
const MAX_MANIFEST_BYTES = 64 * 1024;

/** One archived file or folder, its name checked: relative segments under DATA_DIR. */
export type BackupEntry = {
  segments: string[];
  type: 'file' | 'directory';
  mtime: Date;
  /** The file's bytes (nothing for a folder), read once. */
  body: AsyncIterable<Uint8Array>;
};

export type BackupVisitor = {
  /** Sees the manifest before any other entry is read; throws to refuse the backup. */
  manifest(manifest: BackupManifest): void | Promise<void>;
  /** Takes one entry; must read its body to the end. */
  entry(entry: BackupEntry): Promise<void>;
};

const badSegment = (s: string) =>
  s === '' || s === '.' || s === '..' || s.includes('\\') || s.includes('\0');

/**
 * An entry's place under DATA_DIR, or null when the archive names something a backup never
 * holds: a path leaving the folder, a link or device, a folder the manifest does not list.
 */
function placeOf(header: tar.Header, manifest: BackupManifest): string[] | null {
  if (header.type !== 'file' && header.type !== 'directory') return null;
  const name = header.name.replace(/\/$/, '');
  if (name.startsWith('/')) return null;
  const segments = name.split('/');
  if (segments.some(badSegment)) return null;
  const [top] = segments;
  if (top === DB_FOLDER || manifest.folders.includes(top!)) return segments;
  const isSecret = name === SECRET_FILE && header.type === 'file';
  return isSecret && manifest.secret === 'included' ? segments : null;
}

async function readAll(body: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** What a read failure means to the operator: not a backup at all, or a damaged one. */
function explain(error: unknown, file: string, sawManifest: boolean): Error {
  if (error instanceof BackupError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new BackupError(`${file} does not exist.`);
  if (code === 'EISDIR') return new BackupError(`${file} is a folder, not a backup file.`);
  const reason = (error as Error).message;
  if (!sawManifest)
    return new BackupError(
      `${file} is not a CityForge backup: it is not the .tar.gz archive \`npm run backup\` writes (${reason}).`,
    );
  return new BackupError(`${file} is damaged or incomplete (${reason}).`);
}

/**
 * Reads a backup archive from start to end, streaming: the manifest (which must come first)
 * goes to the visitor, which may refuse the backup before anything else is read; then every
 * other entry, its place checked. The gzip trailer's checksum and length are verified at the
 * end, so a cut or damaged file is refused even when every entry read so far was whole.
 */
export async function readBackup(file: string, visitor: BackupVisitor): Promise<BackupManifest> {
  let manifest: BackupManifest | null = null;
  const extract = tar.extract();
  const feeding = pipeline(fs.createReadStream(file), createGunzip(), extract);
  // Its failure also ends the loop below (the extract is destroyed with it); awaited after.
  feeding.catch(() => {});
  try {
    for await (const entry of extract) {
      const { header } = entry;
      if (!manifest) {
        if (header.name !== MANIFEST_NAME || header.size > MAX_MANIFEST_BYTES)
          throw new BackupError(
            `${file} is not a CityForge backup: it does not begin with ${MANIFEST_NAME}.`,
          );
        manifest = parseManifest(await readAll(entry as AsyncIterable<Uint8Array>), file);
        await visitor.manifest(manifest);
        continue;
      }
      const segments = placeOf(header, manifest);
      if (!segments)
        throw new BackupError(
          `${file} is not a CityForge backup: it holds ${JSON.stringify(header.name.slice(0, 200))}, which no backup does.`,
        );
      const type = header.type === 'directory' ? 'directory' : 'file';
      await visitor.entry({
        segments,
        type,
        mtime: header.mtime,
        body: entry as AsyncIterable<Uint8Array>,
      });
    }
    await feeding;
  } catch (error) {
    extract.destroy();
    throw explain(error, file, manifest !== null);
  }
  if (!manifest)
    throw new BackupError(`${file} is not a CityForge backup: it holds no ${MANIFEST_NAME}.`);
  return manifest;
}

/** A backup's manifest and what it holds besides the database, every byte of it read. */
export async function checkBackup(file: string) {
  let files = 0;
  let database = false;
  const manifest = await readBackup(file, {
    manifest: () => {},
    async entry({ segments, type, body }) {
      for await (const _ of body);
      if (type !== 'file') return;
      if (segments[0] !== DB_FOLDER) files += segments.join('/') === SECRET_FILE ? 0 : 1;
      else if (segments.length === 2 && segments[1] === 'PG_VERSION') database = true;
    },
  });
  if (!database) throw new BackupError(`${file} is damaged: it holds no database.`);
  return { manifest, files, bytes: fs.statSync(file).size };
}
