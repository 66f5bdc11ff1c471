import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createFileSlots, reservedEnd, writeNext } from '../../lib/file-slots.ts';
import type { MemoFiles } from './build-memo.ts';
import {
  claimPath,
  claimWhole,
  createPendingWrites,
  sha1,
  type SiteOutput,
} from './site-output.ts';

/**
 * A site built ahead (prebuild.job.ts) is kept as one pack file: every file's bytes one after
 * another, then an index (where each file is, and the memo of what it was made from), then a
 * trailer. One file, so it is replaced by a rename and read with one handle; and 13,000 pages
 * are not 13,000 files for the disk to make and remove.
 *
 * Pages are built ahead for an address not known yet (a first deploy makes the Netlify site),
 * so they name a placeholder origin, replaced by the site's own when they are deployed.
 */
export type PackIndex = {
  /** The placeholder origin the pages name. */
  origin: string;
  /** Site path → [offset, length] in the pack. */
  entries: Record<string, [number, number]>;
  /** What each file was made from, as a deploy's memo keeps it (for the same origin). */
  memo: MemoFiles;
};

/**
 * An open pack: its index, and the handle its files are read through, the same file whatever
 * replaces it on disk meanwhile (a newer prebuild renames its own over it). Closed by its opener.
 */
export type OpenedPack = PackIndex & { handle: fs.FileHandle };

const MAGIC = Buffer.from('CFPACK01');
const TRAILER = 16;

/** A placeholder origin no page can name by chance: a fresh random host under .invalid. */
export const newPackOrigin = () =>
  `https://prebuilt-${randomBytes(8).toString('hex')}.cityforge.invalid`;

/**
 * Whether an origin may replace a pack's placeholder byte for byte: pages carry it as it is
 * only where escaping for HTML, XML and JSON leaves it alone (a scheme, a host and a port).
 */
export const replaceableOrigin = (origin: string) =>
  /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i.test(origin);

/**
 * `body` with every `from` replaced by `to`; `body` itself when it has none. Buffer.indexOf is
 * a native substring search, linear in the page, whatever the page holds.
 */
export function replaceOrigin(body: Buffer, from: Buffer, to: Buffer): Buffer {
  let at = body.indexOf(from);
  if (at < 0) return body;
  const parts: Buffer[] = [];
  let start = 0;
  while (at >= 0) {
    parts.push(body.subarray(start, at), to);
    start = at + from.length;
    at = body.indexOf(from, start);
  }
  parts.push(body.subarray(start));
  return Buffer.concat(parts);
}

export type PackOutput = SiteOutput & {
  /** Writes the index after every file; the pack's size in bytes. */
  finish(index: Omit<PackIndex, 'entries'>): Promise<number>;
  /** Closes the file of a build that failed (the caller removes it). */
  discard(): void;
};

/**
 * A build written into a pack (a prebuild's output). Render threads write their pages into it
 * themselves, where the shared cursor puts them (file-slots.ts), and answer where.
 */
export function createPackOutput(file: string, concurrency = 16, pended = 256): PackOutput {
  const fd = fsSync.openSync(file, 'w');
  const slots = createFileSlots(fd);
  const digest = new Map<string, string>();
  const entries: Record<string, [number, number]> = {};
  const writes = createPendingWrites();
  let bytes = 0;
  let closed = false;

  const append = async (path: string, body: Buffer) => {
    entries[path] = [await writeNext(slots, body), body.length];
  };

  return {
    target: { kind: 'pack', slots },
    digest,
    get bytes() {
      return bytes;
    },
    reused: new Set(),
    reuse(path) {
      throw new Error(`a pack holds every file, ${path} too`);
    },
    async write(path, body) {
      writes.check();
      const buffer = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      claimPath(digest, path, sha1(buffer));
      bytes += buffer.length;
      writes.track(append(path, buffer));
      await writes.room(concurrency);
    },
    async copy(path, source: Readable) {
      writes.check();
      const body = await claimWhole(digest, path, source);
      bytes += body.length;
      await append(path, body);
    },
    async pend(path, made) {
      writes.check();
      claimPath(digest, path);
      writes.track(
        made.then((result) => {
          if (result.packedAt === undefined) throw new Error(`${path} came back unplaced`);
          digest.set(path, result.sha);
          bytes += result.bytes;
          entries[path] = [result.packedAt, result.bytes];
        }),
      );
      await writes.room(pended);
    },
    flush: () => writes.flush(),
    async finish(index) {
      await writes.flush();
      const json = Buffer.from(JSON.stringify({ ...index, entries } satisfies PackIndex));
      const trailer = Buffer.alloc(TRAILER);
      trailer.writeBigUInt64LE(BigInt(json.length), 0);
      MAGIC.copy(trailer, 8);
      closed = true;
      try {
        await writeNext(slots, Buffer.concat([json, trailer]));
        return reservedEnd(slots);
      } finally {
        fsSync.closeSync(fd);
      }
    },
    discard() {
      if (closed) return;
      closed = true;
      fsSync.closeSync(fd);
    },
  };
}

/** The pack, open, or null when there is none or it is not whole (never half-trusted). */
export async function openPack(file: string): Promise<OpenedPack | null> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch {
    return null;
  }
  try {
    const { size } = await handle.stat();
    if (size < TRAILER) throw new Error('no trailer');
    const trailer = Buffer.alloc(TRAILER);
    await handle.read(trailer, 0, TRAILER, size - TRAILER);
    if (!trailer.subarray(8).equals(MAGIC)) throw new Error('not a pack');
    const length = Number(trailer.readBigUInt64LE(0));
    if (length > size - TRAILER) throw new Error('index past the start');
    const json = Buffer.alloc(length);
    await handle.read(json, 0, length, size - TRAILER - length);
    const index = JSON.parse(json.toString('utf8')) as PackIndex;
    if (typeof index.origin !== 'string' || !index.entries || !index.memo)
      throw new Error('no index');
    return { origin: index.origin, entries: index.entries, memo: index.memo, handle };
  } catch {
    await handle.close();
    return null;
  }
}

/** One file of an open pack to copy out, its placeholder origin replaced by `swap[1]`. */
export type PackCopy = { fd: number; at: [number, number]; swap: [string, string] | null };

function swapped(body: Buffer, swap: PackCopy['swap']): Buffer {
  return swap && swap[0] !== swap[1]
    ? replaceOrigin(body, Buffer.from(swap[0]), Buffer.from(swap[1]))
    : body;
}

const WINDOW = 1024 * 1024;

/**
 * Reads files out of packs on this thread (a render thread's copies). The descriptor is the
 * process's, opened by the build's thread: every thread reads the same file through it. A
 * build asks for a pack's files about in the order the pack holds them, so each read takes a
 * megabyte from where the file starts and the next files come from memory: one read for ~80
 * pages instead of one each. What it answers may be a view of the window, valid until the
 * next call, unless asked to `keep` it.
 */
export function createPackReader() {
  const window = Buffer.allocUnsafe(WINDOW);
  let held = { fd: -1, start: 0, end: 0 };
  return (copy: PackCopy, keep = false): Buffer => {
    const [offset, length] = copy.at;
    const end = offset + length;
    if (copy.fd !== held.fd || offset < held.start || end > held.end) {
      if (length > WINDOW) return swapped(readWhole(copy.fd, offset, length), copy.swap);
      held = { fd: copy.fd, start: offset, end: offset };
      held.end += fsSync.readSync(copy.fd, window, 0, WINDOW, offset);
      if (end > held.end) throw new Error('the pack ends before its file');
    }
    const body = swapped(window.subarray(offset - held.start, end - held.start), copy.swap);
    return keep && body.buffer === window.buffer ? Buffer.from(body) : body;
  };
}

function readWhole(fd: number, offset: number, length: number): Buffer {
  const body = Buffer.allocUnsafe(length);
  if (fsSync.readSync(fd, body, 0, length, offset) !== length)
    throw new Error('the pack ends before its file');
  return body;
}

const readAt = promisify(fsSync.read);

/** Reads a file out of a pack on libuv's pool. */
export async function readPack(copy: PackCopy): Promise<Buffer> {
  const [offset, length] = copy.at;
  const body = Buffer.alloc(length);
  const { bytesRead } = await readAt(copy.fd, body, 0, length, offset);
  if (bytesRead !== length) throw new Error('the pack ends before its file');
  return swapped(body, copy.swap);
}
