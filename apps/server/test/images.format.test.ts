import { describe, expect, it } from 'vitest';
import { sniffImage } from '../src/modules/images/image-format.ts';
import { solidPng } from '@cityforge/fakes/openai';

/** A JPEG's first segments: SOI, an APP0 to skip, then a baseline start of frame. */
function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([
    0xff,
    0xe0,
    0x00,
    0x10,
    ...Buffer.from('JFIF\0'),
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
  ]);
  const sof = Buffer.alloc(19);
  sof.set([0xff, 0xc0, 0x00, 0x11, 8]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
}

/** A RIFF/WEBP header whose first chunk is `chunk` with `data`, padded like a real file. */
function webp(chunk: string, data: Buffer): Buffer {
  const body = Buffer.concat([
    Buffer.from(chunk, 'latin1'),
    Buffer.alloc(4),
    data,
    Buffer.alloc(16),
  ]);
  return Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), body]);
}

describe('sniffImage', () => {
  it('reads a PNG and its size from the header', () => {
    expect(sniffImage(solidPng(300, 200, [1, 2, 3]))).toEqual({
      ext: 'png',
      mime: 'image/png',
      width: 300,
      height: 200,
    });
  });

  it('reads a JPEG size from its start of frame, past the other segments', () => {
    expect(sniffImage(jpegHeader(1792, 1024))).toEqual({
      ext: 'jpg',
      mime: 'image/jpeg',
      width: 1792,
      height: 1024,
    });
  });

  it('reads the size of lossy, lossless and extended WebP', () => {
    const lossy = Buffer.alloc(10);
    lossy.set([0, 0, 0, 0x9d, 0x01, 0x2a]);
    lossy.writeUInt16LE(1536, 6);
    lossy.writeUInt16LE(1024, 8);
    const lossless = Buffer.alloc(5);
    lossless[0] = 0x2f;
    lossless.writeUInt32LE((1024 - 1) | ((1536 - 1) << 14), 1);
    const extended = Buffer.alloc(10);
    extended.writeUIntLE(1024 - 1, 4, 3);
    extended.writeUIntLE(1024 - 1, 7, 3);
    const size = (b: Buffer) => {
      const found = sniffImage(b);
      return found && [found.mime, found.width, found.height];
    };
    expect(size(webp('VP8 ', lossy))).toEqual(['image/webp', 1536, 1024]);
    expect(size(webp('VP8L', lossless))).toEqual(['image/webp', 1024, 1536]);
    expect(size(webp('VP8X', extended))).toEqual(['image/webp', 1024, 1024]);
  });

  it('keeps a known type whose size it cannot read, and refuses everything else', () => {
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toMatchObject({
      ext: 'jpg',
      width: null,
    });
    for (const other of [
      Buffer.from('GIF89a'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('<html></html>'),
      Buffer.alloc(0),
    ])
      expect(sniffImage(other)).toBeNull();
  });
});
