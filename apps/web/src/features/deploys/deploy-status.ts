import { DEPLOY_STATES, isDeployActive, MSG } from '@cityforge/shared';
import type { TDeployment, TDeployState } from '@cityforge/shared';
import { splitTitle } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api-errors';

/** How often the deploy is polled while it runs. */
export const DEPLOY_POLL_MS = 1000;

/** The deploy's state in the site owner's words. */
export const DEPLOY_STATE_LABEL: Record<TDeployState, string> = {
  queued: 'Queued',
  building: 'Building site',
  uploading: 'Uploading files',
  processing: 'Publishing on Netlify',
  ready: 'Ready',
  error: 'Failed',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The bar's fill: the phases before and after the upload are short, so the upload gets most of
 * the bar and moves with each file (queued 5, building 15, uploading 20–90, processing 95).
 */
export function deployPercent(d: Pick<TDeployment, 'state' | 'filesToUpload' | 'filesUploaded'>) {
  switch (d.state) {
    case 'queued':
      return 5;
    case 'building':
      return 15;
    case 'uploading': {
      if (d.filesToUpload <= 0) return 90;
      const share = Math.min(1, Math.max(0, d.filesUploaded / d.filesToUpload));
      return 20 + Math.round(70 * share);
    }
    case 'processing':
      return 95;
    default:
      return 100;
  }
}

/**
 * "3 of 12 files uploaded" once Netlify has said what it lacks; "No changed files to upload"
 * when it lacked nothing. Null before the upload phase (the count is not known yet).
 */
export function uploadText(
  d: Pick<TDeployment, 'state' | 'filesToUpload' | 'filesUploaded'>,
): string | null {
  if (d.state === 'queued' || d.state === 'building' || d.state === 'error') return null;
  if (d.filesToUpload <= 0) return 'No changed files to upload';
  return `${d.filesUploaded} of ${plural(d.filesToUpload, 'file')} uploaded`;
}

/** The finished deploy in one line: "Last deploy: ready · 12 files uploaded of 340". */
export function lastDeployText(d: TDeployment): { text: string; failed: boolean } {
  if (d.state === 'error') {
    return {
      text: d.error ? `Last deploy failed: ${d.error}` : 'Last deploy failed',
      failed: true,
    };
  }
  const files =
    d.filesToUpload > 0
      ? `${plural(d.filesUploaded, 'file')} uploaded of ${d.filesTotal}`
      : 'No changed files to upload';
  return { text: `Last deploy: ${d.state} · ${files}`, failed: false };
}

const rank = (d: TDeployment) => DEPLOY_STATES.indexOf(d.state);

/**
 * The newer of two views of the latest deploy (the project's cached copy and the poll): the
 * later start wins; for the same deploy the further state (states only move forward), then
 * the higher upload count, then the poll (`b`).
 */
export function latestDeployment(
  a: TDeployment | null | undefined,
  b: TDeployment | null | undefined,
): TDeployment | null {
  if (!a) return b ?? null;
  if (!b) return a;
  if (a.id !== b.id) return Date.parse(b.startedAt) >= Date.parse(a.startedAt) ? b : a;
  if (rank(a) !== rank(b)) return rank(b) > rank(a) ? b : a;
  return a.filesUploaded > b.filesUploaded ? a : b;
}

/**
 * Whether a poll answer ends a deploy the screen was following: the new answer is finished
 * and the previous one was running, absent, or another deploy. The project is then refreshed.
 */
export function deployJustFinished(
  previous: TDeployment | null | undefined,
  next: TDeployment | null,
): boolean {
  if (!next || isDeployActive(next.state)) return false;
  return !previous || isDeployActive(previous.state) || previous.id !== next.id;
}

export interface DeployView {
  state: TDeployState;
  label: string;
  percent: number;
  detail: string | null;
}

/**
 * What the progress region shows while a deploy runs, or null when none does. A publish the
 * server has not reported yet (the request is in flight) shows as Queued.
 */
export function activeDeployView(
  latest: TDeployment | null,
  publishing: boolean,
): DeployView | null {
  if (latest && isDeployActive(latest.state)) {
    return {
      state: latest.state,
      label: DEPLOY_STATE_LABEL[latest.state],
      percent: deployPercent(latest),
      // A running deploy's note says what it waits for (its turn under Netlify's deploy limit).
      detail: uploadText(latest) ?? latest.note,
    };
  }
  if (!publishing) return null;
  return { state: 'queued', label: DEPLOY_STATE_LABEL.queued, percent: 5, detail: null };
}

const TOKEN_REJECTED_PREFIX = 'Netlify rejected your access token';

/**
 * The "Deployment Failed" toast: the spec's title, with the server's reason as its message when
 * there is one (no token, token rejected, Netlify's error), else the spec's sentence. `profile`
 * is set when the fix is in the profile (the Netlify access token): the server answers 400 with
 * MSG.netlifyTokenMissing, or a message starting "Netlify rejected your access token".
 */
function deployFailureToast(reason: string | null): {
  title: string;
  message: string;
  profile: boolean;
} {
  const spec = splitTitle(MSG.deploymentFailed);
  const profile =
    !!reason && (reason === MSG.netlifyTokenMissing || reason.startsWith(TOKEN_REJECTED_PREFIX));
  return { title: spec.title, message: reason ?? spec.message ?? '', profile };
}

/** The failure toast for a publish request that failed. */
export function publishFailure(error: unknown) {
  return deployFailureToast(serverMessage(error));
}

/** The failure toast for a deploy that failed after its publish request was answered (202). */
export function deployFailure(deployment: Pick<TDeployment, 'error'>) {
  return deployFailureToast(deployment.error || null);
}

/** The Deploy confirmation's words when the gate holds pages back. */
export function heldBackNotice(count: number): string {
  const pages = count === 1 ? '1 city page is' : `${count.toLocaleString('en-US')} city pages are`;
  return `${pages} held back by the quality gate: published with noindex, left out of the sitemap and of the featured links until you regenerate or approve them.`;
}
