import type { DigestDeployResult } from './digest-deploy.ts';
import { refuseCrowded, waitUntilReady } from './digest-deploy.ts';
import type { NetlifyClient } from './netlify-client.ts';

export type ZipDeployOptions = {
  client: NetlifyClient;
  siteId: string;
  /** The built site as one ZIP on disk, `size` bytes. */
  zip: { file: string; size: number };
  /** The site's files (path → SHA1), as the ZIP holds them. */
  digest: Map<string, string>;
  timeoutMs?: number;
  onSlotWait?: (until: Date) => unknown;
  /** Told as the ZIP goes (a deploy slot taken), with the number of files it carries. */
  onUploading?: (files: number) => unknown;
  /** Told once Netlify has the ZIP: its deploy, and every file sent. */
  onUploaded?: (deployId: string, files: number) => unknown;
  onProcessing?: () => unknown;
};

/**
 * Netlify's ZIP deploy: the whole site in one request, which Netlify unpacks, instead of its
 * digest and then one request per file it lacks. Taken for a site's first deploy, when Netlify
 * lacks every file anyway (publish.job.ts): 13,000 requests become one.
 */
export async function zipDeploy(opts: ZipDeployOptions): Promise<DigestDeployResult> {
  const { client, digest } = opts;
  refuseCrowded(digest.keys());
  const files = digest.size;
  const deploy = await client.createZipDeploy(opts.siteId, opts.zip, opts.onSlotWait, () =>
    opts.onUploading?.(files),
  );
  await opts.onUploaded?.(deploy.id, files);
  await opts.onProcessing?.();
  await waitUntilReady(client, deploy.id, opts.timeoutMs ?? 10 * 60_000);
  return { deployId: deploy.id, required: files, uploaded: files };
}
