import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDeployActive, type TDeployment, type TPublishResult } from '@cityforge/shared';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { until } from './helpers/wait.ts';
import { http } from './helpers/http.ts';
import { publish, siteProject } from './helpers/publishing.ts';

// POST publish/ holds the request only PUBLISH_WAIT_SECONDS; a deploy still running then is
// answered 202 and goes on, followed through GET deployment/.
let t: TestApp;
let netlify: FakeNetlify;
beforeAll(async () => {
  netlify = await startFakeNetlify();
  t = await createTestApp({ NETLIFY_API_URL: netlify.url, PUBLISH_WAIT_SECONDS: '1' });
});
afterAll(async () => {
  await t.close();
  await netlify.close();
});

const { get } = http(() => t);

async function deploymentUntilDone(id: string, headers: Record<string, string>) {
  return until(
    async () =>
      ((await get(`/api/projects/${id}/deployment/`, headers)).json() as { data: TDeployment })
        .data,
    (deploy) => !isDeployActive(deploy.state),
    'the deploy to end',
  );
}

describe('a deploy that outlasts the publish wait', () => {
  it('answers 202 with the running deploy, then finishes in the background', async () => {
    const u = await siteProject(t);
    // Netlify holds the uploads: the deploy cannot be ready when the wait ends.
    const gate = netlify.holdUploads();
    const res = await publish(t, u.id, u.headers);
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json() as TPublishResult;
    // Still on its way (how far it got in the wait depends on the machine), not ready.
    expect(isDeployActive(body.deployment.state)).toBe(true);
    expect(await gate.reached).toBeTruthy();

    gate.release();
    const done = await deploymentUntilDone(u.id, u.headers);
    expect(done).toMatchObject({ id: body.deployment.id, state: 'ready' });
    const detail = await get(`/api/projects/${u.id}/detail/`, u.headers);
    expect((detail.json() as { data: { netlifySiteUrl: string } }).data.netlifySiteUrl).toMatch(
      /\.netlify\.app$/,
    );
  });
});
