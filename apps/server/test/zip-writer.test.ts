import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createZipWriter, packEntry, packEntryAsync } from '../src/lib/zip-writer.ts';
import { unzip } from './helpers/zip.ts';

/** Everything a writer puts out, as one buffer. */
function collected() {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { out, body: () => Buffer.concat(chunks) };
}

describe('the ZIP writer (read back by yauzl)', () => {
  it('writes deflated and stored entries with UTF-8 names that read back byte for byte', async () => {
    const page = Buffer.from(
      '<html><body>' + '<p>Plumbing in Köln</p>'.repeat(200) + '</body></html>',
    );
    const noise = randomBytes(4096);
    const { out, body } = collected();
    const zip = createZipWriter(out);
    await zip.add('index.html', packEntry(page, 6));
    await zip.add('städte/köln.html', await packEntryAsync(page, 1));
    await zip.add('images/noise.bin', packEntry(noise, 6));
    await zip.add('empty.txt', packEntry(Buffer.alloc(0), 6));
    await zip.end();

    expect(packEntry(page, 6).method).toBe(8);
    expect(packEntry(page, 6).data.length).toBeLessThan(page.length / 10);
    // Random bytes do not deflate: stored as they are.
    expect(packEntry(noise, 6)).toMatchObject({ method: 0, size: 4096 });
    expect(packEntry(page, 0).method).toBe(0);

    const zipped = body();
    expect(zip.bytes).toBe(zipped.length);
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
    const { out, body } = collected();
    const zip = createZipWriter(out);
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
    const zip = createZipWriter(collected().out);
    await zip.add('a.html', packEntry(Buffer.from('a'), 0));
    await expect(zip.add('a.html', packEntry(Buffer.from('b'), 0))).rejects.toThrow(/two entries/);
    await zip.end();
    await expect(zip.add('b.html', packEntry(Buffer.from('b'), 0))).rejects.toThrow(/finished/);
  });
});
