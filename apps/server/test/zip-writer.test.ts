import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createZipFile, packEntry, packEntryAsync } from '../src/lib/zip-writer.ts';
import { unzip } from './helpers/zip.ts';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-zip-writer-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A ZIP file in the scratch folder, and its bytes once it is ended. */
function zipFile() {
  const file = path.join(scratch, `${randomBytes(4).toString('hex')}.zip`);
  return { zip: createZipFile(file), body: () => fs.readFileSync(file) };
}

describe('the ZIP writer (read back by yauzl)', () => {
  it('writes deflated and stored entries with UTF-8 names that read back byte for byte', async () => {
    const page = Buffer.from(
      '<html><body>' + '<p>Plumbing in Köln</p>'.repeat(200) + '</body></html>',
    );
    const noise = randomBytes(4096);
    const { zip, body } = zipFile();
    await zip.add('index.html', packEntry(page, 6));
    await zip.add('städte/köln.html', await packEntryAsync(page, 1));
    await zip.add('images/noise.bin', packEntry(noise, 6));
    await zip.add('empty.txt', packEntry(Buffer.alloc(0), 6));
    const size = await zip.end();

    expect(packEntry(page, 6).method).toBe(8);
    expect(packEntry(page, 6).data.length).toBeLessThan(page.length / 10);
    // Random bytes do not deflate: stored as they are.
    expect(packEntry(noise, 6)).toMatchObject({ method: 0, size: 4096 });
    expect(packEntry(page, 0).method).toBe(0);

    const zipped = body();
    expect(size).toBe(zipped.length);
    const files = await unzip(zipped);
    expect([...files.keys()].sort()).toEqual(
      ['/empty.txt', '/images/noise.bin', '/index.html', '/städte/köln.html'].sort(),
    );
    expect(files.get('/index.html')!.equals(page)).toBe(true);
    expect(files.get('/städte/köln.html')!.equals(page)).toBe(true);
    expect(files.get('/images/noise.bin')!.equals(noise)).toBe(true);
    expect(files.get('/empty.txt')!.length).toBe(0);
  });

  it('keeps each entry whole when many are added at once', async () => {
    const { zip, body } = zipFile();
    const bodies = Array.from({ length: 300 }, (_, i) =>
      Buffer.from(`<p>page ${i}</p>`.repeat(1 + (i % 50))),
    );
    await Promise.all(bodies.map((b, i) => zip.add(`p/${i}.html`, packEntry(b, 1))));
    await zip.end();
    const files = await unzip(body());
    expect(files.size).toBe(300);
    for (const [i, b] of bodies.entries()) expect(files.get(`/p/${i}.html`)!.equals(b)).toBe(true);
  });

  it('refuses a second entry of the same name and entries after the end', async () => {
    const { zip } = zipFile();
    await zip.add('a.html', packEntry(Buffer.from('a'), 0));
    await expect(zip.add('a.html', packEntry(Buffer.from('b'), 0))).rejects.toThrow(/two entries/);
    await zip.end();
    await expect(zip.add('b.html', packEntry(Buffer.from('b'), 0))).rejects.toThrow(/finished/);
  });
});
