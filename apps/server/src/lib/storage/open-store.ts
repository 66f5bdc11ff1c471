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

/**
 * Environment variables a child process needs to open the store from `settings`, beyond the
 * settings themselves (which travel with its job): a folder needs none; S3 with keys needs
 * only a CA bundle the operator set; S3 without keys finds its credentials as the AWS SDK
 * does, through the AWS_* variables (a role, a profile, a container's credentials) and the
 * home folder's ~/.aws, so those, and only those, are passed on.
 */
export function storeEnvironment(settings: StoreSettings): Record<string, string> {
  if (settings.kind === 'folder') return {};
  const names = ['NODE_EXTRA_CA_CERTS'];
  if (!settings.accessKeyId || !settings.secretAccessKey)
    names.push(...Object.keys(process.env).filter((name) => name.startsWith('AWS_')), 'HOME');
  const env: Record<string, string> = {};
  for (const name of names) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
