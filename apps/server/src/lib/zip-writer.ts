import fs from 'node:fs';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  createFileSlots,
  reservedEnd,
  writeNext,
  writeNextSync,
  type FileSlots,
} from './file-slots.ts';

/**
 * A file's bytes as a ZIP holds them: `data` deflated (method 8) or as is (method 0), with the
 * CRC-32 and size of the original. Made where the bytes are made (a render thread packs its own
 * pages), so the thread that writes the ZIP only copies.
 */
export type PackedEntry = { method: 0 | 8; crc: number; size: number; data: Buffer };

const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;

function packed(body: Buffer, deflated: Buffer | null): PackedEntry {
  const crc = zlib.crc32(body);
  // A file deflate does not shrink (an image, a tiny file) is stored as it is.
  return deflated && deflated.length < body.length
    ? { method: 8, crc, size: body.length, data: deflated }
    : { method: 0, crc, size: body.length, data: body };
}

/** Packs on this thread (a render thread's own work). `level` 0 stores. */
export function packEntry(body: Buffer, level: number): PackedEntry {
  return packed(body, level > 0 ? zlib.deflateRawSync(body, { level }) : null);
}

const deflateRaw = promisify(zlib.deflateRaw);

/** Packs on libuv's pool, off the calling thread (which answers HTTP). */
export async function packEntryAsync(body: Buffer, level: number): Promise<PackedEntry> {
  return packed(body, level > 0 ? await deflateRaw(body, { level }) : null);
}

// The DOS date of every entry: 1 January 1980, the format's first day. A deploy's files are
// known by their content; a date that changes with each build would only change the ZIP.
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const UTF8_NAMES = 0x0800;

/** Where an entry went and what the central directory says of it. */
export type ZipPlaced = {
  name: Buffer;
  method: 0 | 8;
  crc: number;
  size: number;
  compressed: number;
  offset: number;
};

/** Where another thread put an entry, and its facts for the central directory. */
export type ZipSpot = Omit<ZipPlaced, 'name'>;

/** An entry's local header and name, the part of its record before its bytes. */
function localHead(name: string, entry: PackedEntry, room = 0): Buffer {
  const nameLength = Buffer.byteLength(name, 'utf8');
  const record = Buffer.allocUnsafe(30 + nameLength + room);
  record.writeUInt32LE(0x04034b50, 0);
  record.writeUInt16LE(20, 4);
  record.writeUInt16LE(UTF8_NAMES, 6);
  record.writeUInt16LE(entry.method, 8);
  record.writeUInt16LE(0, 10);
  record.writeUInt16LE(DOS_DATE, 12);
  record.writeUInt32LE(entry.crc >>> 0, 14);
  record.writeUInt32LE(entry.data.length, 18);
  record.writeUInt32LE(entry.size, 22);
  record.writeUInt16LE(nameLength, 26);
  record.writeUInt16LE(0, 28);
  record.write(name, 30, 'utf8');
  return record;
}

/** An entry's local header, name and bytes, as one buffer (written in one piece). */
function localRecord(name: string, entry: PackedEntry): Buffer {
  const record = localHead(name, entry, entry.data.length);
  entry.data.copy(record, record.length - entry.data.length);
  return record;
}

/** What the central directory keeps of an entry written at `offset`, but its name. */
const spotOf = (entry: PackedEntry, offset: number): ZipSpot => ({
  method: entry.method,
  crc: entry.crc,
  size: entry.size,
  compressed: entry.data.length,
  offset,
});

/** The central directory of `written`, starting at `start`, with its end records. */
function centralDirectory(written: ZipPlaced[], start: number): Buffer {
  const records = written.map(centralRecord);
  const size = records.reduce((n, r) => n + r.length, 0);
  const count = written.length;
  if (count >= MAX_16 || start >= MAX_32 || size >= MAX_32) {
    const at = start + size;
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(size), 40);
    record.writeBigUInt64LE(BigInt(start), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(at), 8);
    locator.writeUInt32LE(1, 16);
    records.push(record, locator);
  }
  const last = Buffer.alloc(22);
  last.writeUInt32LE(0x06054b50, 0);
  last.writeUInt16LE(Math.min(count, MAX_16), 8);
  last.writeUInt16LE(Math.min(count, MAX_16), 10);
  last.writeUInt32LE(Math.min(size, MAX_32), 12);
  last.writeUInt32LE(Math.min(start, MAX_32), 16);
  records.push(last);
  return Buffer.concat(records);
}

/**
 * Writes a packed entry into a ZIP file at the next free place, on this thread (a render
 * thread's own page): its header and name, then its bytes, in one call. Answers what the ZIP's
 * central directory needs of it.
 */
export function placeEntrySync(slots: FileSlots, name: string, entry: PackedEntry): ZipSpot {
  return spotOf(entry, writeNextSync(slots, localHead(name, entry), entry.data));
}

/**
 * A ZIP written into a file by several threads: each entry goes where the shared cursor puts
 * it (file-slots.ts), written here (`add`) or by another thread, which tells this writer where
 * (`placed`); `end` writes the central directory after them all. Local headers carry sizes and
 * CRC known up front (no data descriptors), names are UTF-8, and ZIP64 records are written
 * where the central directory needs them (past 65,535 entries or 4 GiB).
 */
export function createZipFile(file: string) {
  const fd = fs.openSync(file, 'w');
  const slots = createFileSlots(fd);
  const written: ZipPlaced[] = [];
  const names = new Set<string>();
  let closed = false;
  const claim = (name: string) => {
    if (closed) throw new Error('the ZIP is finished');
    if (names.has(name)) throw new Error(`two entries named ${name}`);
    names.add(name);
  };
  return {
    slots,
    async add(name: string, entry: PackedEntry): Promise<void> {
      if (entry.data.length > MAX_32 || entry.size > MAX_32)
        throw new Error(`${name} is too large for a ZIP entry`);
      claim(name);
      const offset = await writeNext(slots, localRecord(name, entry));
      written.push({ ...spotOf(entry, offset), name: Buffer.from(name, 'utf8') });
    },
    /** An entry another thread wrote (placeEntrySync). */
    placed(name: string, spot: ZipSpot) {
      claim(name);
      written.push({ ...spot, name: Buffer.from(name, 'utf8') });
    },
    /** Writes the central directory (every entry must be written) and closes; the size. */
    async end(): Promise<number> {
      closed = true;
      try {
        const start = reservedEnd(slots);
        await writeNext(slots, centralDirectory(written, start));
        return reservedEnd(slots);
      } finally {
        // Closed whether the directory went out or not (a full disk): never a leaked descriptor.
        fs.closeSync(fd);
      }
    },
    discard() {
      if (closed) return;
      closed = true;
      fs.closeSync(fd);
    },
  };
}

/** The central directory's record of one entry; past 4 GiB its offset moves to a ZIP64 extra. */
function centralRecord(item: ZipPlaced): Buffer {
  const far = item.offset >= MAX_32;
  const extra = Buffer.alloc(far ? 12 : 0);
  if (far) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(8, 2);
    extra.writeBigUInt64LE(BigInt(item.offset), 4);
  }
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(far ? 45 : 20, 4);
  record.writeUInt16LE(far ? 45 : 20, 6);
  record.writeUInt16LE(UTF8_NAMES, 8);
  record.writeUInt16LE(item.method, 10);
  record.writeUInt16LE(0, 12);
  record.writeUInt16LE(DOS_DATE, 14);
  record.writeUInt32LE(item.crc >>> 0, 16);
  record.writeUInt32LE(item.compressed, 20);
  record.writeUInt32LE(item.size, 24);
  record.writeUInt16LE(item.name.length, 28);
  record.writeUInt16LE(extra.length, 30);
  record.writeUInt32LE(far ? MAX_32 : item.offset, 42);
  return Buffer.concat([record, item.name, extra]);
}
