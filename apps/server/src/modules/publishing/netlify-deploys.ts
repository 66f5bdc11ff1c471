import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../lib/errors.ts';
import { crowdedFolders, SITE_FOLDER_MAX_ENTRIES } from '../../lib/folder-limit.ts';
import { NetlifyError, type NetlifyClient } from './netlify-client.ts';

/** What either way of sending a site (digest-deploy.ts, zip-deploy.ts) ends with. */
export type SentDeploy = { deployId: string; required: number; uploaded: number };

/** Longest wait for Netlify to finish processing a deploy. */
const READY_TIMEOUT_MS = 10 * 60_000;

/**
 * A site with a folder of more entries than Netlify takes is refused here: Netlify fails such
 * a deploy only after taking it (and a slot of its 3 a minute).
 */
export function refuseCrowded(files: Iterable<string>): void {
  const [crowded] = crowdedFolders(files);
  if (crowded) {
    throw new AppError(
      'conflict',
      `The site's folder ${crowded.folder} would hold ${crowded.entries.toLocaleString('en-US')} entries, more than the ${SITE_FOLDER_MAX_ENTRIES.toLocaleString('en-US')} one folder may hold on Netlify.`,
    );
  }
}

/** Polls the deploy until Netlify has published it, or fails it, or `timeoutMs` passes. */
export async function waitUntilReady(
  client: NetlifyClient,
  deployId: string,
  timeoutMs = READY_TIMEOUT_MS,
) {
  const deadline = Date.now() + timeoutMs;
  // Small deploys are processed in moments (a redeploy of nothing new at once); big ones back
  // off to a poll every 2 s: a dozen more calls at most than starting at 100 ms.
  let wait = 25;
  for (;;) {
    const deploy = await client.getDeploy(deployId);
    if (deploy.state === 'ready') return;
    if (deploy.state === 'error') {
      throw new NetlifyError(
        null,
        `Netlify could not publish the deploy: ${deploy.error_message || 'no reason given'}`,
      );
    }
    if (Date.now() > deadline) {
      throw new NetlifyError(
        null,
        `Netlify did not finish the deploy within ${Math.round(timeoutMs / 60_000)} minutes`,
      );
    }
    await sleep(wait);
    wait = Math.min(2000, Math.round(wait * 1.5));
  }
}
