import { createHash, hash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SiteOutput } from './site-output.ts';

/** Per site path: the digest of what the file was made from, and the SHA1 of the file. */
export type MemoFiles = Record<string, [input: string, sha1: string]>;

// Rendering is code: a release that changes any of it must render every page once. The
// digest of the server's and the shared package's sources (and the lockfile, for the
// libraries that render) changes with every such release; reading them costs a few
// milliseconds once per process.
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const SOURCES = ['apps/server/src', 'packages/shared/src', 'package-lock.json'];
let fingerprint: string | null = null;

function hashTree(hash: ReturnType<typeof createHash>, target: string) {
  const stat = fs.statSync(target);
  if (stat.isFile()) {
    hash.update(path.relative(ROOT, target)).update('\0').update(fs.readFileSync(target));
    return;
  }
  for (const entry of fs.readdirSync(target).sort()) hashTree(hash, path.join(target, entry));
}

/** The digest of the code that renders sites; random when it cannot be read (never stale). */
export function rendererFingerprint(): string {
  if (fingerprint) return fingerprint;
  try {
    const hash = createHash('sha1');
    for (const source of SOURCES) hashTree(hash, path.join(ROOT, source));
    fingerprint = hash.digest('base64url');
  } catch {
    fingerprint = randomBytes(20).toString('base64url');
  }
  return fingerprint;
}

/** Everything every page of the site is made with: the code and the site-wide settings. */
export function frameDigest(settings: unknown): string {
  return createHash('sha1')
    .update(rendererFingerprint())
    .update('\0')
    .update(JSON.stringify(settings))
    .digest('base64url');
}

/** The digest of one file's inputs: the frame, where it is and what it is made of. */
export function inputDigest(frame: string, file: string, input: string): string {
  // One call per file of the site: the one-shot hash, not a Hash object fed five times (the
  // same bytes, so the same digest as the memos of earlier releases).
  return hash('sha1', `${frame}\0${file}\0${input}`, 'base64url');
}

/**
 * A build that remembers: `previous` is what the last deploy sent to the same Netlify site; a
 * file whose inputs digest to the same value is the same file, so its SHA1 is taken from there
 * instead of rendering it again. `files()` is what this build sent, for the deploy after it.
 */
export function createMemoKeeper(out: SiteOutput, frame: string, previous: MemoFiles = {}) {
  // Files kept, by their input digest: their SHA1 may arrive later (from a render thread).
  const keys = new Map<string, string>();
  // A city page's digest is asked for twice (to read only changed content, then to write).
  let last = { file: '', input: '', key: '' };
  const keyOf = (file: string, input: string) => {
    if (last.file !== file || last.input !== input)
      last = { file, input, key: inputDigest(frame, file, input) };
    return last.key;
  };
  let rendered = 0;
  return {
    get rendered() {
      return rendered;
    },
    /** Whether the file need not be rendered (its content need not be read). */
    unchanged(file: string, input: string) {
      return previous[file]?.[0] === keyOf(file, input);
    },
    /** Makes the file unless the last build made it from the same input; remembers it. */
    async keep(file: string, input: string, make: () => string | Promise<void>) {
      const key = keyOf(file, input);
      const before = previous[file];
      if (before?.[0] === key) out.reuse(file, before[1]);
      else {
        const made = await make();
        if (typeof made === 'string') await out.write(file, made);
        rendered += 1;
      }
      keys.set(file, key);
    },
    /** What this build sent, for the deploy after it: call once every file is made. */
    files(): MemoFiles {
      const files: MemoFiles = {};
      for (const [file, key] of keys) {
        const sha = out.digest.get(file);
        if (sha) files[file] = [key, sha];
      }
      return files;
    },
  };
}
