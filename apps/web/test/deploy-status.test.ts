import { describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import type { TDeployment } from '@cityforge/shared';
import {
  activeDeployView,
  deployJustFinished,
  deployPercent,
  lastDeployText,
  latestDeployment,
  deployFailure,
  publishFailure,
  uploadText,
} from '../src/features/deploys/deploy-status';
import { ApiError } from '../src/lib/api-errors';

function deploy(over: Partial<TDeployment> = {}): TDeployment {
  return {
    id: 'd1',
    state: 'queued',
    filesTotal: 340,
    filesToUpload: 0,
    filesUploaded: 0,
    error: null,
    note: null,
    indexNow: null,
    siteUrl: null,
    startedAt: '2026-01-05T12:00:00.000Z',
    finishedAt: null,
    ...over,
  };
}

const apiError = (status: number, message: string) =>
  new ApiError(status, { message }, { message });

describe('deploy progress wording', () => {
  it('counts uploaded files once Netlify has said what it lacks', () => {
    expect(uploadText(deploy({ state: 'uploading', filesToUpload: 12, filesUploaded: 3 }))).toBe(
      '3 of 12 files uploaded',
    );
    expect(uploadText(deploy({ state: 'uploading', filesToUpload: 1, filesUploaded: 0 }))).toBe(
      '0 of 1 file uploaded',
    );
    expect(uploadText(deploy({ state: 'processing', filesToUpload: 12, filesUploaded: 12 }))).toBe(
      '12 of 12 files uploaded',
    );
  });

  it('says when nothing changed, but not before the count is known', () => {
    expect(uploadText(deploy({ state: 'processing' }))).toBe('No changed files to upload');
    expect(uploadText(deploy({ state: 'uploading' }))).toBe('No changed files to upload');
    expect(uploadText(deploy({ state: 'queued' }))).toBeNull();
    expect(uploadText(deploy({ state: 'building' }))).toBeNull();
    expect(uploadText(deploy({ state: 'error', error: 'x' }))).toBeNull();
  });

  it('names each running state and fills the bar in order', () => {
    const view = (d: TDeployment) => activeDeployView(d, false);
    expect(view(deploy({ state: 'queued' }))).toMatchObject({ label: 'Queued', percent: 5 });
    expect(view(deploy({ state: 'building' }))).toMatchObject({
      label: 'Building site',
      percent: 15,
    });
    expect(view(deploy({ state: 'uploading', filesToUpload: 10, filesUploaded: 5 }))).toMatchObject(
      { label: 'Uploading files', percent: 55, detail: '5 of 10 files uploaded' },
    );
    expect(view(deploy({ state: 'processing' }))).toMatchObject({
      label: 'Publishing on Netlify',
      percent: 95,
      detail: 'No changed files to upload',
    });
  });

  it("shows what a running deploy waits for: its turn under Netlify's deploy limit", () => {
    const note =
      "Waiting for Netlify's deploy limit (3 per minute with one access token): next try in about 40 s.";
    expect(activeDeployView(deploy({ state: 'building', note }), false)).toMatchObject({
      label: 'Building site',
      detail: note,
    });
  });

  it('keeps the upload share between 20 and 90', () => {
    const at = (uploaded: number, toUpload: number) =>
      deployPercent({ state: 'uploading', filesToUpload: toUpload, filesUploaded: uploaded });
    expect(at(0, 100)).toBe(20);
    expect(at(100, 100)).toBe(90);
    expect(at(150, 100)).toBe(90);
    expect(at(0, 0)).toBe(90);
    expect(deployPercent({ state: 'ready', filesToUpload: 0, filesUploaded: 0 })).toBe(100);
  });

  it('shows nothing when no deploy runs, and Queued while the publish is in flight', () => {
    expect(activeDeployView(null, false)).toBeNull();
    expect(activeDeployView(deploy({ state: 'ready' }), false)).toBeNull();
    expect(activeDeployView(deploy({ state: 'ready' }), true)).toMatchObject({
      state: 'queued',
      label: 'Queued',
    });
    expect(activeDeployView(null, true)?.label).toBe('Queued');
  });
});

describe('last deploy line', () => {
  it('tells how many files a finished deploy uploaded of the total', () => {
    expect(
      lastDeployText(deploy({ state: 'ready', filesToUpload: 12, filesUploaded: 12 })),
    ).toEqual({ text: 'Last deploy: ready · 12 files uploaded of 340', failed: false });
    expect(
      lastDeployText(deploy({ state: 'ready', filesToUpload: 1, filesUploaded: 1 })).text,
    ).toBe('Last deploy: ready · 1 file uploaded of 340');
    expect(lastDeployText(deploy({ state: 'ready' })).text).toBe(
      'Last deploy: ready · No changed files to upload',
    );
  });

  it('gives the reason of a failed deploy', () => {
    expect(lastDeployText(deploy({ state: 'error', error: 'Netlify is down' }))).toEqual({
      text: 'Last deploy failed: Netlify is down',
      failed: true,
    });
    expect(lastDeployText(deploy({ state: 'error' })).text).toBe('Last deploy failed');
  });
});

describe('which view of the deploy is newer', () => {
  const older = deploy({ id: 'a', state: 'ready', startedAt: '2026-01-05T12:00:00.000Z' });
  const newer = deploy({ id: 'b', state: 'queued', startedAt: '2026-01-05T13:00:00.000Z' });

  it('takes whichever exists', () => {
    expect(latestDeployment(null, undefined)).toBeNull();
    expect(latestDeployment(older, undefined)).toBe(older);
    expect(latestDeployment(null, newer)).toBe(newer);
  });

  it('prefers the later deploy', () => {
    expect(latestDeployment(older, newer)).toBe(newer);
    expect(latestDeployment(newer, older)).toBe(newer);
  });

  it('for the same deploy, prefers the further state, then the higher count, then the poll', () => {
    const uploading = deploy({ state: 'uploading', filesToUpload: 9, filesUploaded: 4 });
    const later = deploy({ state: 'uploading', filesToUpload: 9, filesUploaded: 6 });
    const done = deploy({ state: 'ready', finishedAt: '2026-01-05T12:01:00.000Z' });
    expect(latestDeployment(done, uploading)).toBe(done);
    expect(latestDeployment(uploading, done)).toBe(done);
    expect(latestDeployment(later, uploading)).toBe(later);
    const same = { ...uploading };
    expect(latestDeployment(uploading, same)).toBe(same);
  });
});

describe('a poll that ends the deploy', () => {
  const running = deploy({ state: 'uploading' });
  const ready = deploy({ state: 'ready' });

  it('is one whose answer is finished after a running one, none, or another deploy', () => {
    expect(deployJustFinished(running, ready)).toBe(true);
    expect(deployJustFinished(undefined, ready)).toBe(true);
    expect(deployJustFinished(null, deploy({ state: 'error' }))).toBe(true);
    expect(deployJustFinished(deploy({ id: 'old', state: 'ready' }), ready)).toBe(true);
  });

  it('is not one that is still running or repeats a finished answer', () => {
    expect(deployJustFinished(undefined, running)).toBe(false);
    expect(deployJustFinished(ready, ready)).toBe(false);
    expect(deployJustFinished(running, null)).toBe(false);
  });
});

describe('a failed publish', () => {
  it('keeps the spec title and carries the server reason', () => {
    expect(publishFailure(apiError(502, 'Netlify answered 500: try later'))).toEqual({
      title: 'Deployment Failed',
      message: 'Netlify answered 500: try later',
      profile: false,
    });
    expect(publishFailure(apiError(409, MSG.deployAlreadyRunning)).message).toBe(
      MSG.deployAlreadyRunning,
    );
  });

  it('falls back to the spec sentence without a server reason', () => {
    expect(publishFailure(new ApiError(0, { message: 'An error occurred' }))).toEqual({
      title: 'Deployment Failed',
      message: 'Failed to deploy to Netlify. Please try again.',
      profile: false,
    });
    expect(publishFailure(new Error('boom')).message).toBe(
      'Failed to deploy to Netlify. Please try again.',
    );
  });

  it('points to the profile when the Netlify token is missing or rejected', () => {
    expect(publishFailure(apiError(400, MSG.netlifyTokenMissing))).toEqual({
      title: 'Deployment Failed',
      message: MSG.netlifyTokenMissing,
      profile: true,
    });
    expect(publishFailure(apiError(400, MSG.netlifyTokenRejected)).profile).toBe(true);
    expect(
      publishFailure(apiError(400, 'Netlify rejected your access token (401 Unauthorized).'))
        .profile,
    ).toBe(true);
    expect(publishFailure(apiError(502, 'Netlify answered 500')).profile).toBe(false);
  });

  it('reads a deploy that failed after a 202 the same way, from its error', () => {
    expect(deployFailure({ error: 'Netlify answered 500: try later' })).toEqual({
      title: 'Deployment Failed',
      message: 'Netlify answered 500: try later',
      profile: false,
    });
    expect(deployFailure({ error: null }).message).toBe(
      'Failed to deploy to Netlify. Please try again.',
    );
    expect(deployFailure({ error: MSG.netlifyTokenRejected }).profile).toBe(true);
  });
});
