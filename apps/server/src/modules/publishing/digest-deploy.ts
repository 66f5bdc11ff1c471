import fs from 'node:fs/promises';
import path from 'node:path';
import type { DeployProgress } from './deploy-progress.ts';
import type { DeployStrategy, SendTo } from './deploy-strategy.ts';
import { NetlifyError, type NetlifyClient } from './netlify-client.ts';
import { refuseCrowded, waitUntilReady, type SentDeploy } from './netlify-deploys.ts';
import { createSiteOutput } from './site-output.ts';

/** The built site on disk under `dir`; `digest` maps its files ('/index.html') to their SHA1. */
export type DigestSite = {
  dir: string;
  digest: Map<string, string>;
  /** Files named in the digest but not on disk: an incremental build's unchanged files. */
  reused?: ReadonlySet<string>;
};

/** Uploads in flight at once. */
const UPLOADS_AT_ONCE = 16;

/**
 * Netlify lacks files the build did not write because the last deploy sent them (files it
 * dropped, a site emptied on its side): the site must be built whole and sent again.
 */
export class LackedFilesError extends Error {}

/**
 * Netlify's file-digest deploy: send every path's SHA1, upload only the files whose SHA1
 * Netlify says it lacks (one upload per distinct SHA1, a few at a time), then wait for the
 * deploy to be ready. A site that did not change uploads nothing.
 */
export async function digestDeploy(to: SendTo, site: DigestSite): Promise<SentDeploy> {
  const { client, progress } = to;
  refuseCrowded(site.digest.keys());
  const files = Object.fromEntries(site.digest);
  const deploy = await client.createDeploy(to.siteId, files, (until) =>
    progress.waitingForSlot(until),
  );
  const toUpload = filesToUpload(site, deploy.required ?? []);
  await progress.uploading(toUpload.length, deploy.id);
  const uploaded = await uploadAll(client, deploy.id, site.dir, toUpload, progress);
  await progress.processing();
  await waitUntilReady(client, deploy.id);
  return { deployId: deploy.id, required: toUpload.length, uploaded };
}

/**
 * One file per SHA1 Netlify asked for: identical files are one upload (Netlify stores by
 * content). A remembered file it lacks means the site must be built whole and sent again.
 */
function filesToUpload(site: DigestSite, asked: string[]): string[] {
  const required = new Set(asked);
  const toUpload: string[] = [];
  for (const [file, sha] of site.digest) {
    if (required.has(sha)) {
      toUpload.push(file);
      required.delete(sha);
    }
  }
  const lacked = toUpload.filter((file) => site.reused?.has(file));
  if (lacked.length)
    throw new LackedFilesError(`Netlify lacks ${lacked.length} remembered file(s)`);
  if (required.size) {
    throw new NetlifyError(
      null,
      `Netlify asked for ${required.size} file(s) this site does not have`,
    );
  }
  return toUpload;
}

/** Uploads `toUpload` from `dir`, a few at a time; answers how many went. */
async function uploadAll(
  client: NetlifyClient,
  deployId: string,
  dir: string,
  toUpload: string[],
  progress: DeployProgress,
): Promise<number> {
  let uploaded = 0;
  let next = 0;
  let failed = false;
  async function uploader() {
    while (!failed && next < toUpload.length) {
      const file = toUpload[next++]!;
      try {
        const body = await fs.readFile(path.join(dir, file));
        await client.uploadFile(deployId, file, body);
      } catch (error) {
        if (!(await tookEveryFile(client, deployId, error))) {
          failed = true;
          throw error;
        }
      }
      uploaded += 1;
      await progress.uploaded(uploaded, toUpload.length);
    }
  }
  const lanes = Math.max(1, Math.min(UPLOADS_AT_ONCE, toUpload.length));
  // One failed file fails the deploy, but only once every lane has stopped: a deploy reported
  // failed must not go on uploading behind the owner's back (racing their next deploy, and
  // reading a build folder that is being removed).
  const results = await Promise.allSettled(Array.from({ length: lanes }, uploader));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  return uploaded;
}

/** The site built as files in the deploy's folder, sent by digest. */
export const digestStrategy: DeployStrategy = {
  name: 'digest',
  async open(dir) {
    const out = createSiteOutput(dir);
    return {
      out,
      seal: async () => {},
      discard: () => {},
      send: (to) => digestDeploy(to, { dir, digest: out.digest, reused: out.reused }),
    };
  },
};

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
