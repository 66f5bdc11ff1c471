import type { DeployRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { NetlifyError, tokenRejected } from './netlify-client.ts';
import type { NetlifyLimits } from './netlify.ts';
import type { DeployPatch } from './publishing.repo.ts';
import { slotWaitNote } from './slot-wait-note.ts';

/**
 * What a deploy tells its row as it goes (the screen polls the row): one writer per deploy,
 * handed to each step, instead of a callback per event. Every write is also a heartbeat.
 */
export type DeployProgress = {
  /** The site is being built (again, after a send that found files missing). */
  building(): Promise<void>;
  /** Files written so far by the build. */
  written(files: number): Promise<void>;
  /** The build is done: the site's files and the address its pages name. */
  built(files: number, siteUrl: string | undefined): Promise<void>;
  /** Queued behind the token's other deploys (Netlify takes 3 a minute): not a failure. */
  waitingForSlot(until: Date): Promise<void>;
  /** Files are going to Netlify (`netlifyDeployId` once Netlify named the deploy). */
  uploading(files: number, netlifyDeployId?: string): Promise<void>;
  /** Files Netlify has of the `total` it asked for. */
  uploaded(files: number, total: number, netlifyDeployId?: string): Promise<void>;
  /** Netlify has every file and is publishing them. */
  processing(): Promise<void>;
  /** The deploy's outcome, with its end time. */
  finish(patch: DeployPatch & { state: DeployRow['state'] }): Promise<void>;
  /** Stops the heartbeat. */
  stop(): void;
};

// Long steps (a big build, a slow upload) write nothing for a while; the row is kept alive.
// Every 5 s: RECOVER_AFTER_SECONDS (15 at least) then spans three missed beats.
const BEAT_MS = 5_000;

export function createDeployProgress(
  repo: { updateDeploy(id: string, patch: DeployPatch): Promise<void> },
  deployId: string,
  limits: NetlifyLimits,
): DeployProgress {
  const write = (patch: DeployPatch) => repo.updateDeploy(deployId, patch);
  const beat = setInterval(() => void write({}).catch(() => {}), BEAT_MS);
  let saved = 0;
  return {
    building: () => write({ state: 'building' }),
    written: (files) => write({ filesTotal: files }),
    built: (files, siteUrl) => write({ filesTotal: files, siteUrl }),
    waitingForSlot: (until) => write({ note: slotWaitNote(limits, until) }),
    uploading: (files, netlifyDeployId) =>
      write({ state: 'uploading', filesToUpload: files, note: null, netlifyDeployId }),
    async uploaded(files, total, netlifyDeployId) {
      // About every 2% (and at the end), not once per file.
      if (files < total && files - saved < Math.max(1, Math.floor(total / 50))) return;
      saved = files;
      await write({ filesUploaded: files, netlifyDeployId });
    },
    processing: () => write({ state: 'processing' }),
    finish: (patch) => write({ ...patch, finishedAt: new Date() }),
    stop: () => clearInterval(beat),
  };
}

/** Netlify's refusal of the token, or any other failure, in words for the owner. */
export function failureOf(error: unknown): { error: string; errorKind: DeployRow['errorKind'] } {
  if (error instanceof NetlifyError) {
    return error.kind === 'token'
      ? { error: tokenRejected(error), errorKind: 'token' }
      : { error: `Netlify could not take the deploy: ${error.reason}`, errorKind: 'netlify' };
  }
  if (error instanceof AppError) return { error: error.message, errorKind: 'build' };
  return {
    error: 'The site could not be built. Try again; if it keeps failing, contact support.',
    errorKind: 'build',
  };
}
