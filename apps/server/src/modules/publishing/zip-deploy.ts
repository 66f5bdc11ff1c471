import fs from 'node:fs/promises';
import path from 'node:path';
import type { DeployStrategy, SendTo } from './deploy-strategy.ts';
import { refuseCrowded, waitUntilReady, type SentDeploy } from './netlify-deploys.ts';
import { createZipOutput } from './site-zip-output.ts';

/**
 * Netlify's ZIP deploy: the whole site in one request, which Netlify unpacks, instead of its
 * digest and then one request per file it lacks. Taken for a big site's first deploy, when
 * Netlify lacks every file anyway (publish.job.ts): 13,000 requests become one.
 */
async function zipDeploy(
  to: SendTo,
  zip: { file: string; size: number },
  digest: Map<string, string>,
): Promise<SentDeploy> {
  const { client, progress } = to;
  refuseCrowded(digest.keys());
  const files = digest.size;
  const deploy = await client.createZipDeploy(
    to.siteId,
    zip,
    (until) => progress.waitingForSlot(until),
    () => progress.uploading(files),
  );
  await progress.uploaded(files, files, deploy.id);
  await progress.processing();
  await waitUntilReady(client, deploy.id);
  return { deployId: deploy.id, required: files, uploaded: files };
}

/** The site built straight into one ZIP (pages deflated at `level`), sent as it is. */
export function zipStrategy(level: number): DeployStrategy {
  return {
    name: 'zip',
    async open(dir) {
      // Made first: the ZIP is the folder's only file.
      await fs.mkdir(dir, { recursive: true });
      const out = createZipOutput(path.join(dir, 'site.zip'), level);
      let size = 0;
      return {
        out,
        seal: async () => void (size = await out.finish()),
        discard: () => out.discard(),
        send: (to) => zipDeploy(to, { file: out.file, size }, out.digest),
      };
    },
  };
}
