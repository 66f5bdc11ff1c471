import { inflateRawSync } from 'node:zlib';

/**
 * Looks inside an .xlsx (a ZIP archive) before SheetJS opens it, so a small upload cannot make
 * the server unpack gigabytes.
 *
 * Reading the central directory is not enough on its own: SheetJS inflates each part until its
 * deflate stream ends, whatever size the archive declares, and preallocates whatever size the
 * local header declares. So every declared size (central directory, local header and ZIP64
 * fields) counts, and each deflated part is also inflated here once, capped at its declared
 * size, which finds a part that unpacks to more than it claims without ever holding more than
 * the allowed total in memory.
 */

export type ZipLimits = { maxExpandedBytes: number; maxCompressionRatio: number };

export type ZipVerdict = 'ok' | 'malformed' | 'too_large' | 'too_compressed';

// Below this a part cannot hurt, and tiny repetitive XML parts can legitimately pack
// very tightly.
export const RATIO_CHECK_MIN_BYTES = 64 * 1024;

const EOCD_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_LENGTH = 22;
const CENTRAL_LENGTH = 46;
const LOCAL_LENGTH = 30;
const ZIP64_FIELD = 0x0001;
const STORED = 0;
const DEFLATED = 8;
// Encrypted, strongly encrypted, encrypted central directory: SheetJS cannot read those.
const ENCRYPTED_FLAGS = 0x2041;

type Entry = {
  method: number;
  dataStart: number;
  /** The largest uncompressed size any header claims: what SheetJS may allocate. */
  declared: number;
  compressed: number;
};

/**
 * The largest uncompressed size in the ZIP64 fields of an extra block, 0 when there are none,
 * or null when the block is malformed. SheetJS reads both sizes of a ZIP64 field
 * unconditionally, so a field too short to hold them is refused.
 */
function zip64Size(data: Buffer, start: number, length: number): number | null {
  const end = start + length;
  let size = 0;
  for (let pos = start; pos + 4 <= end;) {
    const id = data.readUInt16LE(pos);
    const fieldEnd = pos + 4 + data.readUInt16LE(pos + 2);
    if (fieldEnd > end) return null;
    if (id === ZIP64_FIELD) {
      if (fieldEnd - pos < 20) return null;
      size = Math.max(size, Number(data.readBigUInt64LE(pos + 4)));
    }
    pos = fieldEnd;
  }
  return size;
}

/** The part described at `central`, with where the next description starts. */
function readEntry(
  data: Buffer,
  central: number,
  directoryEnd: number,
): { entry: Entry; next: number } | null {
  if (central + CENTRAL_LENGTH > directoryEnd) return null;
  if (data.readUInt32LE(central) !== CENTRAL_SIGNATURE) return null;
  const compressed = data.readUInt32LE(central + 20);
  const size = data.readUInt32LE(central + 24);
  const nameLength = data.readUInt16LE(central + 28);
  const extraLength = data.readUInt16LE(central + 30);
  const commentLength = data.readUInt16LE(central + 32);
  const local = data.readUInt32LE(central + 42);
  const extraStart = central + CENTRAL_LENGTH + nameLength;
  const next = extraStart + extraLength + commentLength;
  if (next > directoryEnd) return null;
  const centralZip64 = zip64Size(data, extraStart, extraLength);

  // SheetJS trusts the local header for the method, flags and where the data starts.
  if (local + LOCAL_LENGTH > data.length) return null;
  if (data.readUInt32LE(local) !== LOCAL_SIGNATURE) return null;
  const flags = data.readUInt16LE(local + 6);
  const method = data.readUInt16LE(local + 8);
  const localSize = data.readUInt32LE(local + 22);
  const localExtraStart = local + LOCAL_LENGTH + data.readUInt16LE(local + 26);
  const localExtraLength = data.readUInt16LE(local + 28);
  const dataStart = localExtraStart + localExtraLength;
  if (dataStart > data.length) return null;
  const localZip64 = zip64Size(data, localExtraStart, localExtraLength);

  if (centralZip64 === null || localZip64 === null) return null;
  if (flags & ENCRYPTED_FLAGS || (method !== STORED && method !== DEFLATED)) return null;
  const entry = {
    method,
    dataStart,
    declared: Math.max(size, localSize, centralZip64, localZip64),
    compressed: Math.min(compressed, data.length - dataStart),
  };
  return { entry, next };
}

/** Every part of the archive, or null when its directory does not hold together. */
function readEntries(data: Buffer): Entry[] | null {
  // SheetJS takes the last end-of-central-directory signature in the file; taking the same
  // one means both read the same directory.
  const eocd = data.lastIndexOf(EOCD_SIGNATURE);
  if (eocd < 0 || eocd + EOCD_LENGTH > data.length) return null;
  const disk = data.readUInt16LE(eocd + 4);
  const directoryDisk = data.readUInt16LE(eocd + 6);
  const count = data.readUInt16LE(eocd + 8);
  const total = data.readUInt16LE(eocd + 10);
  const directoryStart = data.readUInt32LE(eocd + 16);
  const commentLength = data.readUInt16LE(eocd + 20);
  if (disk !== 0 || directoryDisk !== 0 || count !== total || count === 0) return null;
  if (eocd + EOCD_LENGTH + commentLength > data.length) return null;

  const entries: Entry[] = [];
  let central = directoryStart;
  for (let i = 0; i < count; i++) {
    const read = readEntry(data, central, eocd);
    if (!read) return null;
    entries.push(read.entry);
    central = read.next;
  }
  return entries;
}

function isOutputTooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERR_BUFFER_TOO_LARGE';
}

export function inspectZip(data: Buffer, limits: ZipLimits): ZipVerdict {
  const entries = readEntries(data);
  if (!entries) return 'malformed';

  // Declared sizes first: a lying directory is refused without unpacking anything.
  let total = 0;
  for (const entry of entries) {
    total += entry.declared;
    if (total > limits.maxExpandedBytes) return 'too_large';
    const tooTight = entry.declared > entry.compressed * limits.maxCompressionRatio;
    if (entry.declared >= RATIO_CHECK_MIN_BYTES && tooTight) return 'too_compressed';
  }

  // Then the truth: inflate from where SheetJS will start, to where the stream really ends.
  // Parts that share data are each counted, as SheetJS would unpack each of them.
  for (const entry of entries) {
    if (entry.method !== DEFLATED) continue;
    try {
      inflateRawSync(data.subarray(entry.dataStart), {
        maxOutputLength: Math.max(1, entry.declared),
      });
    } catch (error) {
      return isOutputTooLarge(error) ? 'too_large' : 'malformed';
    }
  }
  return 'ok';
}
