import { afterAll, describe, expect, it } from 'vitest';
import { MSG, PROJECT_STATUS, isDeployActive, type TPublishResult } from '@cityforge/shared';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import {
  crashRig,
  createProject,
  deploymentOf,
  detail,
  digestOf,
  kill,
  settled,
  signIn,
  uploadSheets,
  type Api,
} from './helpers/crash.ts';
import { until } from './helpers/wait.ts';
import { FIFTY_CITIES, spreadsheet } from './helpers/locations.ts';
import { NETLIFY_TOKEN } from './helpers/publishing.ts';

const rig = crashRig();
let netlify: FakeNetlify | undefined;
afterAll(async () => {
  await rig.close();
  await netlify?.close();
});

/** A written site: pages, service pages and fifty city pages, and the owner's Netlify token. */
async function readyToPublish(api: Api) {
  const me = await api.send('PATCH', '/auth/me/', { userNetlifyAccessToken: NETLIFY_TOKEN });
  expect(me.status).toBe(200);
  const id = await createProject(api, {
    name: 'Deploy Crash Plumbing',
    serviceType: 'Plumbing',
    model: 'offline-draft',
    prompt: 'Family plumbers since 1998.\n- Drain Cleaning\n- Water Heater Repair',
    createServicePages: true,
  });
  await settled(api, id);
  const sheet = [['City', 'State', 'County', 'ZIP'], ...FIFTY_CITIES];
  expect((await uploadSheets(api, id, [spreadsheet('csv', sheet)])).status).toBe(201);
  expect((await settled(api, id)).status).toBe(PROJECT_STATUS.created);
  return id;
}

describe('a server killed while a deploy uploads', () => {
  it('ends the deploy as interrupted, with the reason, and the next deploy publishes every file', async () => {
    netlify = await startFakeNetlify();
    const db = await rig.database();
    const env = { NETLIFY_API_URL: netlify.url };
    const first = await rig.start(db, env);
    const api = await signIn(first.base);
    const id = await readyToPublish(api);

    // Netlify holds the deploy's file uploads: it is mid-upload when the process dies.
    const gate = netlify.holdUploads();
    const publishing = fetch(`${first.base}/api/projects/${id}/publish/`, {
      method: 'POST',
      headers: api.headers,
    }).catch((error: unknown) => error);
    const cut = netlify.deploys.get(await gate.reached)!;
    expect((await deploymentOf(api, id))?.state).toBe('uploading');
    await kill(first);
    expect(await publishing).toBeInstanceOf(Error);

    const second = await rig.start(db, env);
    const again = await signIn(second.base);
    // Not "uploading" for ever: the deploy ends as failed, and says why. (Embedded: at once,
    // no other process can be running it; PostgreSQL: once its heartbeat is RECOVER_AFTER_SECONDS old.)
    const ended = await until(
      () => deploymentOf(again, id),
      (d) => !isDeployActive(d?.state),
      'the interrupted deploy to end',
      150_000,
    );
    expect(ended).toMatchObject({ state: 'error', error: MSG.deployInterrupted });
    expect(ended!.finishedAt).not.toBeNull();
    const shown = await detail(again, id);
    expect(shown.deployment).toMatchObject({ id: ended!.id, state: 'error' });
    expect(shown.status).toBe(PROJECT_STATUS.created);

    // Deploying again works, and Netlify then serves every file of the site.
    const res = await again.send<TPublishResult>('POST', `/api/projects/${id}/publish/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe(PROJECT_STATUS.published);
    expect(res.body.deployment).toMatchObject({ state: 'ready', error: null });
    const files = netlify.publishedFiles(new URL(res.body.netlifyUrl).host);
    expect(files.size).toBe(res.body.deployment.filesTotal);
    // The same site the interrupted deploy was sending, file for file.
    const published = digestOf(files);
    expect(published).toEqual(cut.files);
    expect(published.has('/states/texas/travis-county/austin.html')).toBe(true);
    // The uploads held from the dead process never reached Netlify: that deploy never completed.
    gate.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(netlify.uploads.filter((u) => u.deployId === cut.id)).toEqual([]);
    expect(cut.state).toBe('uploading');
  }, 300_000);
});
