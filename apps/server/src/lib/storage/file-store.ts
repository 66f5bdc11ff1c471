import type { Readable } from 'node:stream';

/** A stored file opened for reading: its bytes as a stream, its size and when it was written. */
export type StoredFile = { stream: Readable; size: number; modifiedMs: number };

/** One entry of a listing. */
export type StoredEntry = { key: string; size: number; modifiedMs: number };

/**
 * Every file the product keeps beyond a single request or job (generated images today),
 * behind one interface: the local folder in embedded mode, S3-compatible object storage
 * when several machines share the work. Keys are relative paths such as `images/<id>.png`.
 */
export type FileStore = {
  readonly kind: 'folder' | 's3';
  /** Where the files are, for logs and the start-up banner (never a secret). */
  readonly location: string;
  /** Stores the whole file or nothing: a reader never sees half of one, even after a crash. */
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<void>;
  /** The file, or null when the store lacks it (deleted, never written, another disk). */
  open(key: string): Promise<StoredFile | null>;
  /** Every file whose key starts with `prefix`, in pages, never the whole listing at once. */
  list(prefix: string): AsyncIterable<StoredEntry>;
  /** Removes the file; a file already gone is not an error. */
  remove(key: string): Promise<void>;
  /** Fails with a sentence an operator can act on when the store cannot be used. */
  check(): Promise<void>;
};

// Lower-case names, digits and . _ - in slash-separated segments: no "..", no leading slash,
// nothing a folder store could be walked out of or an object store would encode differently.
const SEGMENT = /^[a-z0-9_-][a-z0-9._-]*$/;

/** Refuses a key that is not a plain relative path; answers it unchanged. */
export function checkedKey(key: string): string {
  const segments = key.split('/');
  if (
    key.length > 512 ||
    !segments.length ||
    !segments.every((s) => SEGMENT.test(s) && !s.includes('..'))
  )
    throw new Error(`not a storage key: ${JSON.stringify(key).slice(0, 80)}`);
  return key;
}

/** A prefix is a key ending in '/' (or empty: everything). */
export function checkedPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  if (!prefix.endsWith('/')) throw new Error(`a storage prefix ends with '/': ${prefix}`);
  checkedKey(prefix.slice(0, -1));
  return prefix;
}
