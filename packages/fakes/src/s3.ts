import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type FakeS3 = {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point a CityForge process at this server and bucket. */
  env: Record<string, string>;
  /** The same, as an S3 client's settings (path-style addressing at `endpoint`). */
  settings: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  };
  close(): Promise<void>;
};

/** s3rver's fixed credentials: it checks every request's signature against them. */
const ACCESS_KEY = 'S3RVER';

/**
 * A real S3-protocol server (s3rver: signatures, multipart uploads, ListObjectsV2) on a free
 * local port, keeping its objects in a temporary folder of its own, with one bucket made.
 */
export async function startFakeS3(opts: { bucket?: string } = {}): Promise<FakeS3> {
  const bucket = opts.bucket ?? 'cityforge-files';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = {
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
  };
  return {
    endpoint,
    bucket,
    settings,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
