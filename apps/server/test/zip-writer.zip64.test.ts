import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { createZipFile, packEntry } from '../src/lib/zip-writer.ts';

// Slow by its subject (65,540 entries): in the slow project, beside the 60,000-city site.

/** The names in a ZIP's central directory, in order, without reading the files. */
function entryNames(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const names: string[] = [];
      zip.on('error', reject);
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.readEntry();
    });
  });
}

describe('the ZIP writer past 65,535 entries', () => {
  it('writes ZIP64 end records past 65,535 entries', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-zip64-'));
    const file = path.join(dir, 'many.zip');
    const zip = createZipFile(file);
    const count = 65_540;
    const one = packEntry(Buffer.from('x'), 0);
    for (let i = 0; i < count; i += 1) await zip.add(`c/${i}.txt`, one);
    await zip.end();
    const zipped = fs.readFileSync(file);
    fs.rmSync(dir, { recursive: true, force: true });
    // The ZIP64 end of central directory record and its locator precede the classic record.
    expect(zipped.readUInt32LE(zipped.length - 22 - 20)).toBe(0x07064b50);
    expect(zipped.readUInt16LE(zipped.length - 22 + 10)).toBe(0xffff);
    // yauzl takes the count from the ZIP64 record, then reads every central record.
    const names = await entryNames(zipped);
    expect(names).toHaveLength(count);
    expect(names.at(-1)).toBe(`c/${count - 1}.txt`);
  });
});
