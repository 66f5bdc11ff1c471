import { createHash, hash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileSlots } from '../../lib/file-slots.ts';
import type { ZipSpot } from '../../lib/zip-writer.ts';

/**
 * Where a built site's files go, into a folder (createSiteOutput) or one ZIP
 * (site-zip-output.ts): each is written as it is made and only its SHA1 is kept, so a build's
 * memory does not grow with the pages it writes. The digest (path → SHA1) is what a Netlify
 * deploy sends, and what the next deploy compares with.
 */
export type SiteOutput = {
  /** Where render threads put the pages they make (render-worker.ts). */
  readonly target: RenderTarget;
  readonly digest: Map<string, string>;
  readonly bytes: number;
  /** `file` is the site path of the file ('/index.html', '/states/tx.html'). */
  write(file: string, body: string | Buffer): Promise<void>;
  /**
   * Names a file the site has, with its SHA1, without writing it: a redeploy's unchanged file,
   * which Netlify already holds.
   */
  reuse(file: string, sha: string): void;
  /** Files in the digest that are not on disk (reused ones). */
  readonly reused: ReadonlySet<string>;
  /** Copies a stored file (an image) in, hashing it on the way: never held in memory whole. */
  copy(file: string, source: Readable): Promise<void>;
  /**
   * Names a file another thread is making (render-pool.ts); its SHA1 and size count once made.
   * Many may be under way at once, so that thread always has the next page waiting.
   */
  pend(file: string, made: Promise<Rendered>): Promise<void>;
  /** Waits for every write still under way. */
  flush(): Promise<void>;
};

/** A folder's output: its files are on disk under `dir`. */
export type FolderOutput = SiteOutput & { readonly dir: string };

/**
 * Where a render thread puts a page: written under the build folder, or packed (deflated at
 * `level`) into the ZIP the build is written into (site-zip-output.ts). The ZIP is a shared
 * file (file-slots.ts): the thread writes the page there itself, and its bytes never cross to
 * the build's thread.
 */
export type RenderTarget =
  { kind: 'files'; dir: string } | { kind: 'zip'; level: number; slots: FileSlots };

/**
 * A page a render thread made: its SHA1 and size, and where it went in the build's ZIP (its
 * facts for the central directory).
 */
export type Rendered = { sha: string; bytes: number; zip?: ZipSpot };

/** A site path's name inside a ZIP ('/index.html' is 'index.html'). */
export const zipEntryName = (file: string) => file.replace(/^\/+/, '');

/** '/' is index.html; every other page is '{path}.html', served at '{path}' (pretty URLs). */
export function fileOf(urlPath: string): string {
  return urlPath === '/' ? '/index.html' : `${urlPath.replace(/\/+$/, '')}.html`;
}

/** The address a page file answers at (fileOf reversed); null for a file that is no page. */
export function pagePathOf(file: string): string | null {
  if (!file.endsWith('.html')) return null;
  return file === '/index.html' ? '/' : file.slice(0, -'.html'.length);
}

export const sha1 = (body: string | Buffer) => hash('sha1', body, 'hex');

/** Where a site path's file goes under the build folder; refuses a path that leaves it. */
export function siteFilePath(dir: string, file: string): string {
  const target = path.join(dir, file);
  if (!target.startsWith(dir + path.sep)) throw new Error(`unsafe site path: ${file}`);
  return target;
}

/**
 * Makes each folder once, however many writes into it start before the first mkdir is done
 * (a county's pages are written a few at a time).
 */
function createFolderMaker() {
  const folders = new Map<string, Promise<unknown>>();
  return (folder: string) => {
    let made = folders.get(folder);
    if (!made) {
      made = fs.mkdir(folder, { recursive: true });
      folders.set(folder, made);
    }
    return made;
  };
}

/**
 * Writes under way, a bounded number at a time: `room` waits until fewer than `limit` are, and
 * the first failure is kept, thrown by the next `check` or `flush`.
 */
export function createPendingWrites() {
  const pending = new Set<Promise<void>>();
  let failure: unknown = null;
  // Whoever waits for a write under way to end (woken once per write, not a race over
  // hundreds of promises per page).
  let waiting: Array<() => void> = [];
  return {
    track(task: Promise<unknown>) {
      const done: Promise<void> = task
        .then(() => undefined)
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => {
          pending.delete(done);
          const wake = waiting;
          waiting = [];
          for (const resolve of wake) resolve();
        });
      pending.add(done);
    },
    async room(limit: number) {
      while (pending.size >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    },
    check() {
      if (failure) throw failure;
    },
    async flush() {
      await Promise.all(pending);
      if (failure) throw failure;
    },
  };
}

/** Claims a file's place in the digest; a site never has two files at one path. */
export function claimPath(digest: Map<string, string>, file: string, sha = '') {
  if (digest.has(file)) throw new Error(`two files at ${file}`);
  digest.set(file, sha);
}

/**
 * Claims a file's place and reads it whole (a stored image, for an output that packs it in one
 * piece), with its SHA1 in the digest; the place is given back if the read fails.
 */
export async function claimWhole(
  digest: Map<string, string>,
  file: string,
  source: Readable,
): Promise<Buffer> {
  claimPath(digest, file);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of source) chunks.push(chunk as Buffer);
  } catch (error) {
    digest.delete(file);
    throw error;
  }
  const body = Buffer.concat(chunks);
  digest.set(file, sha1(body));
  return body;
}

export function createSiteOutput(dir: string, concurrency = 16, pended = 256): FolderOutput {
  const digest = new Map<string, string>();
  const reused = new Set<string>();
  const writes = createPendingWrites();
  const makeFolder = createFolderMaker();
  let bytes = 0;

  async function targetOf(file: string) {
    const target = siteFilePath(dir, file);
    await makeFolder(path.dirname(target));
    return target;
  }

  async function writeOne(file: string, body: string | Buffer) {
    await fs.writeFile(await targetOf(file), body);
  }

  return {
    dir,
    target: { kind: 'files', dir },
    digest,
    get bytes() {
      return bytes;
    },
    reused,
    reuse(file, sha) {
      claimPath(digest, file, sha);
      reused.add(file);
    },
    async write(file, body) {
      writes.check();
      const buffer = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      claimPath(digest, file, sha1(buffer));
      bytes += buffer.length;
      // A few writes in flight keep the disk busy without queueing the whole site in memory.
      writes.track(writeOne(file, buffer));
      await writes.room(concurrency);
    },
    async copy(file, source) {
      writes.check();
      claimPath(digest, file);
      const copied = createHash('sha1');
      let size = 0;
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          copied.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, hashing, createWriteStream(await targetOf(file)));
      } catch (error) {
        digest.delete(file);
        throw error;
      }
      digest.set(file, copied.digest('hex'));
      bytes += size;
    },
    async pend(file, made) {
      writes.check();
      claimPath(digest, file);
      writes.track(
        made.then((result) => {
          digest.set(file, result.sha);
          bytes += result.bytes;
        }),
      );
      await writes.room(pended);
    },
    flush: () => writes.flush(),
  };
}
