import fs from 'node:fs';
import { promisify } from 'node:util';

/**
 * A file written by several threads at once, each piece at its own place: a thread takes the
 * next `length` bytes of the file from a shared cursor (one atomic add, however many threads
 * write), then writes there. A build's render threads put their pages straight into the
 * deploy's ZIP this way, instead of handing every page's bytes to the build's thread to append.
 * The descriptor is the process's: every thread writes through it.
 */
export type FileSlots = { fd: number; cursor: SharedArrayBuffer };

export function createFileSlots(fd: number): FileSlots {
  return { fd, cursor: new SharedArrayBuffer(8) };
}

const views = new WeakMap<SharedArrayBuffer, BigInt64Array>();
function viewOf(cursor: SharedArrayBuffer) {
  let view = views.get(cursor);
  if (!view) views.set(cursor, (view = new BigInt64Array(cursor)));
  return view;
}

/** Takes the next `length` bytes of the file; answers where they start. */
function reserve(slots: FileSlots, length: number): number {
  return Number(Atomics.add(viewOf(slots.cursor), 0, BigInt(length)));
}

/** Where the next piece would start: the file's length once every piece is written. */
export function reservedEnd(slots: FileSlots): number {
  return Number(Atomics.load(viewOf(slots.cursor), 0));
}

/**
 * Writes `parts` one after another at the next place on this thread (a render thread's own),
 * in one call: a header and a page go out without being copied into one buffer first.
 */
export function writeNextSync(slots: FileSlots, ...parts: Buffer[]): number {
  const length = parts.reduce((n, part) => n + part.length, 0);
  const offset = reserve(slots, length);
  let done = fs.writevSync(slots.fd, parts, offset);
  if (done < length) {
    // A short write (rare on a file): the rest from one buffer.
    const whole = Buffer.concat(parts);
    while (done < length) done += fs.writeSync(slots.fd, whole, done, length - done, offset + done);
  }
  return offset;
}

const writeAt = promisify(fs.write);

/** Writes `body` at the next place, on libuv's pool. */
export async function writeNext(slots: FileSlots, body: Buffer): Promise<number> {
  const offset = reserve(slots, body.length);
  let done = 0;
  while (done < body.length) {
    const { bytesWritten } = await writeAt(slots.fd, body, done, body.length - done, offset + done);
    done += bytesWritten;
  }
  return offset;
}
