import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { checkedKey, checkedPrefix, type FileStore } from './file-store.ts';

/** S3_* of the environment contract; serialisable, so a build process can open the same store. */
export type S3Settings = {
  /** Unset for AWS itself; set for MinIO, R2, Ceph and others (path-style addressing then). */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
const isMissing = (error: unknown) =>
  (error as { name?: string })?.name === 'NoSuchKey' || statusOf(error) === 404;

export function createS3Store(settings: S3Settings): FileStore {
  const { bucket } = settings;
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 requires them: most S3-compatible stores (MinIO releases before
    // 2025, Ceph, the test server) refuse or ignore the newer default CRC headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering must fail the request, not hold it for ever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
    maxAttempts: 3,
  });
  const location = `s3://${bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;

  return {
    kind: 's3',
    location,

    // An object appears whole when its PUT (or the multipart upload's completion) succeeds.
    async put(key, body, contentType) {
      const Key = checkedKey(key);
      if (Buffer.isBuffer(body)) {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key,
            Body: body,
            ContentLength: body.length,
            ContentType: contentType,
          }),
        );
        return;
      }
      // A stream of unknown length goes up in parts of 8 MB, a few at a time, never whole.
      await new Upload({
        client,
        params: { Bucket: bucket, Key, Body: body, ContentType: contentType },
        partSize: 8 * 1024 * 1024,
        queueSize: 4,
      }).done();
    },

    async open(key) {
      try {
        const got = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: checkedKey(key) }),
        );
        return {
          stream: got.Body as Readable,
          size: got.ContentLength ?? 0,
          modifiedMs: got.LastModified?.getTime() ?? 0,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async *list(prefix) {
      const Prefix = checkedPrefix(prefix);
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix })) {
        for (const item of page.Contents ?? []) {
          if (!item.Key) continue;
          yield {
            key: item.Key,
            size: item.Size ?? 0,
            modifiedMs: item.LastModified?.getTime() ?? 0,
          };
        }
      }
    },

    async remove(key) {
      // S3 answers a delete of a missing object with success, as the interface wants.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = statusOf(error);
        const reason =
          status === 404
            ? 'it does not exist'
            : status === 403
              ? 'the keys given may not use it'
              : (error as Error).message || String(error);
        throw new Error(
          `The storage bucket ${location} cannot be used: ${reason}. Create the bucket, or check S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.`,
          { cause: error },
        );
      }
    },
  };
}
