import type { Config } from '../../config/env.ts';
import type { FileStore } from './file-store.ts';
import { createFolderStore } from './folder-store.ts';
import { createS3Store, type S3Settings } from './s3-store.ts';

/** Which store a process uses, as plain data: a child process opens the same one from it. */
export type StoreSettings = { kind: 'folder'; root: string } | ({ kind: 's3' } & S3Settings);

export function storeSettingsOf(
  config: Pick<
    Config,
    | 'dataDir'
    | 'S3_ENDPOINT'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
  >,
): StoreSettings {
  if (!config.S3_BUCKET) return { kind: 'folder', root: config.dataDir };
  return {
    kind: 's3',
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  };
}

export function openStore(settings: StoreSettings): FileStore {
  return settings.kind === 's3' ? createS3Store(settings) : createFolderStore(settings.root);
}
