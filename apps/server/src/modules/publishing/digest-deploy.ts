import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../lib/errors.ts';
import { crowdedFolders, SITE_FOLDER_MAX_ENTRIES } from '../../lib/folder-limit.ts';
import { NetlifyError, type NetlifyClient } from './netlify-client.ts';

export type DigestDeployOptions = {
  client: NetlifyClient;
  siteId: string;
  /** The built site on disk; `digest` maps its files ('/index.html') to their SHA1. */
  dir: string;
  digest: Map<string, string>;
  /** Files named in the digest but not on disk: an incremental build's unchanged files. */
  reused?: ReadonlySet<string>;
  /** Uploads in flight at once. */
  concurrency?: number;
  /** Longest wait for Netlify to finish processing. */
  timeoutMs?: number;
  /** Told, while the token has no deploy slot free, when the next one frees. */
  onSlotWait?: (until: Date) => unknown;
  onRequired?: (deployId: string, files: number) => unknown;
  onUploaded?: (uploaded: number) => unknown;
  onProcessing?: () => unknown;
};

export type DigestDeployResult = { deployId: string; required: number; uploaded: number };

/**
 * Netlify lacks files the build did not write because the last deploy sent them (files it
 * dropped, a site emptied on its side): the site must be built whole and sent again.
 */
export class LackedFilesError extends Error {}

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

/**
 * Netlify's file-digest deploy: send every path's SHA1, upload only the files whose SHA1
 * Netlify says it lacks (one upload per distinct SHA1, a few at a time), then wait for the
 * deploy to be ready. A site that did not change uploads nothing.
 */
export async function digestDeploy(opts: DigestDeployOptions): Promise<DigestDeployResult> {
  const { client, digest } = opts;
  refuseCrowded(digest.keys());
  const files = Object.fromEntries(digest);
  const deploy = await client.createDeploy(opts.siteId, files, opts.onSlotWait);
  const required = new Set(deploy.required ?? []);
  // One file per required SHA1: identical files are one upload (Netlify stores by content).
  const toUpload: string[] = [];
  for (const [file, sha] of digest) {
    if (required.has(sha)) {
      toUpload.push(file);
      required.delete(sha);
    }
  }
  const lacked = toUpload.filter((file) => opts.reused?.has(file));
  if (lacked.length)
    throw new LackedFilesError(`Netlify lacks ${lacked.length} remembered file(s)`);
  if (required.size) {
    throw new NetlifyError(
      null,
      `Netlify asked for ${required.size} file(s) this site does not have`,
    );
  }
  await opts.onRequired?.(deploy.id, toUpload.length);

  let uploaded = 0;
  let next = 0;
  let failed = false;
  async function uploader() {
    while (!failed && next < toUpload.length) {
      const file = toUpload[next++]!;
      try {
        const body = await fs.readFile(path.join(opts.dir, file));
        await opts.client.uploadFile(deploy.id, file, body);
      } catch (error) {
        if (!(await tookEveryFile(opts.client, deploy.id, error))) {
          failed = true;
          throw error;
        }
      }
      uploaded += 1;
      await opts.onUploaded?.(uploaded);
    }
  }
  const lanes = Math.max(1, Math.min(opts.concurrency ?? 16, toUpload.length));
  // One failed file fails the deploy, but only once every lane has stopped: a deploy reported
  // failed must not go on uploading behind the owner's back (racing their next deploy, and
  // reading a build folder that is being removed).
  const results = await Promise.allSettled(Array.from({ length: lanes }, uploader));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;

  await opts.onProcessing?.();
  await waitUntilReady(client, deploy.id, opts.timeoutMs ?? 10 * 60_000);
  return { deployId: deploy.id, required: toUpload.length, uploaded };
}

// Where a deploy goes once Netlify has every file it asked for.
const PAST_UPLOADING = new Set([
  'uploaded',
  'preparing',
  'prepared',
  'processing',
  'processed',
  'ready',
]);

/**
 * Whether a refused upload was already in: the client gives up on an answer that is slow to
 * come and sends the file again, but Netlify may have taken the first try all the same. When
 * that try was the deploy's last file, the deploy has moved past uploading and Netlify refuses
 * the second with 422 ("not accepting uploads"): every file it asked for is there.
 */
async function tookEveryFile(client: NetlifyClient, deployId: string, error: unknown) {
  if (!(error instanceof NetlifyError) || error.status !== 422) return false;
  const deploy = await client.getDeploy(deployId);
  return PAST_UPLOADING.has(deploy.state);
}

/** Polls the deploy until Netlify has published it, or fails it, or `timeoutMs` passes. */
export async function waitUntilReady(client: NetlifyClient, deployId: string, timeoutMs: number) {
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
