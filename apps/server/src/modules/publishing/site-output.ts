import { createHash, hash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where a built site's files go: each is written to disk as it is made and only its SHA1
 * is kept, so a build's memory does not grow with the pages it writes. The digest (path →
 * SHA1) is what a Netlify deploy sends.
 */
export type SiteOutput = {
  readonly dir: string;
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
  pend(file: string, made: Promise<{ sha: string; bytes: number }>): Promise<void>;
  /** Waits for every write still under way. */
  flush(): Promise<void>;
};

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

export function createSiteOutput(dir: string, concurrency = 16, pended = 256): SiteOutput {
  const digest = new Map<string, string>();
  const reused = new Set<string>();
  const pending = new Set<Promise<void>>();
  const makeFolder = createFolderMaker();
  let bytes = 0;
  let failure: unknown = null;
  // Whoever waits for a write under way to end (woken once per write, not a race over
  // hundreds of promises per page).
  let waiting: Array<() => void> = [];

  function track(task: Promise<void>) {
    const done: Promise<void> = task
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
  }

  async function room(limit: number) {
    while (pending.size >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
  }

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
    digest,
    get bytes() {
      return bytes;
    },
    reused,
    reuse(file, sha) {
      if (digest.has(file)) throw new Error(`two files at ${file}`);
      digest.set(file, sha);
      reused.add(file);
    },
    async write(file, body) {
      if (failure) throw failure;
      if (digest.has(file)) throw new Error(`two files at ${file}`);
      const buffer = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      digest.set(file, sha1(buffer));
      bytes += buffer.length;
      // A few writes in flight keep the disk busy without queueing the whole site in memory.
      track(writeOne(file, buffer));
      await room(concurrency);
    },
    async copy(file, source) {
      if (failure) throw failure;
      if (digest.has(file)) throw new Error(`two files at ${file}`);
      digest.set(file, '');
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
      if (failure) throw failure;
      if (digest.has(file)) throw new Error(`two files at ${file}`);
      digest.set(file, '');
      track(
        made.then((result) => {
          digest.set(file, result.sha);
          bytes += result.bytes;
        }),
      );
      await room(pended);
    },
    async flush() {
      await Promise.all(pending);
      if (failure) throw failure;
    },
  };
}
