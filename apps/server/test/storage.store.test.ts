import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '@cityforge/fakes/s3';
import type { FileStore } from '../src/lib/storage/file-store.ts';
import { createFolderStore } from '../src/lib/storage/folder-store.ts';
import { createS3Store } from '../src/lib/storage/s3-store.ts';

let s3: FakeS3;
const folders: string[] = [];
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

function folderStore(): FileStore {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-store-'));
  folders.push(dir);
  return createFolderStore(dir);
}

/** Each S3 store gets a bucket of its own, so listings of one test never see another's. */
let buckets = 0;
async function s3Store(): Promise<FileStore> {
  const bucket = `store-test-${++buckets}`;
  const { S3Client, CreateBucketCommand } = await import('@aws-sdk/client-s3');
  const { endpoint, region, accessKeyId, secretAccessKey } = s3.settings;
  const client = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return createS3Store({ ...s3.settings, bucket });
}

const listed = async (store: FileStore, prefix: string) => {
  const keys: string[] = [];
  for await (const entry of store.list(prefix)) keys.push(entry.key);
  return keys.sort();
};

/** A stream that sends `good` bytes, then fails, as a connection dropped mid-upload does. */
function failingStream(good: number): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(Buffer.alloc(good, 7));
      } else this.destroy(new Error('the client went away'));
    },
  });
}

describe.each([
  { kind: 'the local folder', make: async () => folderStore() },
  { kind: 'S3-compatible storage (s3rver)', make: s3Store },
])('the file store on $kind', ({ make }) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await make();
  });

  it('keeps a file and answers it with its size and age; a missing file is null', async () => {
    const before = Date.now() - 2000;
    await store.put('images/a.png', Buffer.from('png bytes'), 'image/png');
    const opened = await store.open('images/a.png');
    expect(opened).not.toBeNull();
    expect(opened!.size).toBe(9);
    expect(opened!.modifiedMs).toBeGreaterThan(before);
    expect(await text(opened!.stream)).toBe('png bytes');
    expect(await store.open('images/none.png')).toBeNull();
    expect(await store.open('nothing/here.png')).toBeNull();
  });

  it('stores a stream of unknown length larger than one upload part, whole', async () => {
    const parts = [
      Buffer.alloc(5 * 1024 * 1024, 1),
      Buffer.alloc(4 * 1024 * 1024, 2),
      Buffer.from('end'),
    ];
    await store.put('big/site.zip', Readable.from(parts));
    const opened = await store.open('big/site.zip');
    const bytes = Buffer.concat(await opened!.stream.toArray());
    expect(bytes.length).toBe(9 * 1024 * 1024 + 3);
    expect(bytes.subarray(-3).toString()).toBe('end');
    expect(bytes[5 * 1024 * 1024 - 1]).toBe(1);
    expect(bytes[5 * 1024 * 1024]).toBe(2);
  });

  it('a put whose stream fails leaves no file, not half of one, and the old one stays', async () => {
    await store.put('images/b.png', Buffer.from('first'));
    await expect(store.put('images/b.png', failingStream(64 * 1024))).rejects.toThrow();
    await expect(store.put('images/c.png', failingStream(64 * 1024))).rejects.toThrow();
    expect(await text((await store.open('images/b.png'))!.stream)).toBe('first');
    expect(await store.open('images/c.png')).toBeNull();
    expect(await listed(store, 'images/')).not.toContain('images/c.png');
  });

  it('lists by prefix only, and removes a file, twice without error', async () => {
    await store.put('images/d.png', Buffer.from('d'));
    await store.put('imagesx/e.png', Buffer.from('e'));
    await store.put('deep/one/two.txt', Buffer.from('t'));
    const images = await listed(store, 'images/');
    expect(images).toEqual(
      expect.arrayContaining(['images/a.png', 'images/b.png', 'images/d.png']),
    );
    expect(images.every((k) => k.startsWith('images/'))).toBe(true);
    expect(await listed(store, 'deep/')).toEqual(['deep/one/two.txt']);
    await store.remove('images/d.png');
    await store.remove('images/d.png');
    expect(await store.open('images/d.png')).toBeNull();
    expect(await listed(store, 'images/')).not.toContain('images/d.png');
  });

  it('refuses keys that are not plain relative paths', async () => {
    for (const key of [
      '../secret',
      '/etc/passwd',
      'images/../../x',
      'Images/A.png',
      '',
      'a//b',
      'images/.hidden',
    ]) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow(/not a storage key/);
      await expect(store.open(key), key).rejects.toThrow(/not a storage key/);
    }
    await expect(listed(store, 'images')).rejects.toThrow(/ends with '\/'/);
  });

  it('says it can be used', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });
});

describe('a store that cannot be used', () => {
  it('an S3 bucket that does not exist stops the check with a sentence naming it', async () => {
    const store = createS3Store({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(store.check()).rejects.toThrow(
      /The storage bucket s3:\/\/no-such-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used: it does not exist\. Create the bucket/,
    );
  });

  it('wrong keys are told apart from a missing bucket', async () => {
    const store = createS3Store({
      ...s3.settings,
      accessKeyId: 'WRONG',
      secretAccessKey: 'WRONG-SECRET',
    });
    await expect(store.check()).rejects.toThrow(/cannot be used: the keys given may not use it/);
  });
});
