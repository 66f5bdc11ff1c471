import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projectImages } from '../src/db/schema/index.ts';
import { isPublicAddress } from '../src/lib/public-fetch.ts';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createProject, giveKeys, signedInUser } from './helpers/factories.ts';
import { http } from './helpers/http.ts';

let t: TestApp;
let ai: FakeAi;
beforeAll(async () => {
  ai = await startFakeAi();
  // Only the fake's own address is trusted; any other name for this machine is not.
  t = await createTestApp({
    OPENAI_BASE_URL: ai.url,
    IMAGE_DOWNLOAD_TRUSTED_HOSTS: new URL(ai.url).hostname,
  });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const { post } = http(() => t);

async function generateFrom(outcome: Parameters<FakeAi['images']['script']>[0]) {
  const u = await signedInUser(t);
  await giveKeys(t, u.user.id, { openai: `sk-${u.user.id}` });
  const project = await createProject(t, u.user.id);
  ai.images.script(outcome);
  const res = await post(`/api/projects/${project.id}/images/`, u.headers, {
    prompt: 'A roof',
    model: 'gpt-image-2',
    size: '1024x1024',
  });
  const rows = await t.ctx.db
    .select()
    .from(projectImages)
    .where(eq(projectImages.projectId, project.id));
  return { res, rows };
}

describe('image downloads from a provider URL', () => {
  it.each(['localhost', '[::ffff:127.0.0.1]'])(
    'refuses %s (this machine, by name or mapped address) before sending it anything',
    async (host) => {
      const { res, rows } = await generateFrom({ url: true, host });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json().message).toMatch(/refused/);
      expect(ai.images.downloads).toEqual([]);
      expect(rows).toEqual([]);
    },
  );

  it('refuses a redirect from a trusted host to one that is not public', async () => {
    const { res, rows } = await generateFrom({ url: true, redirectHost: 'localhost' });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().message).toMatch(/refused/);
    expect(ai.images.downloads).toHaveLength(1);
    expect(ai.images.downloads[0]).toMatch(/^\/redirect\//);
    expect(rows).toEqual([]);
  });

  // Written as addresses: no look-up happens, so these are checked before connecting.
  it.each([
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://[::1]:9/files/x.png',
    'http://10.1.2.3/x.png',
    'file:///etc/passwd',
  ])('refuses %s', async (url) => {
    const { res, rows } = await generateFrom({ url });
    expect(res.statusCode, res.body).toBe(502);
    expect(rows).toEqual([]);
  });

  it('still downloads from the trusted host, following its redirects', async () => {
    const direct = await generateFrom({ url: true });
    expect(direct.res.statusCode, direct.res.body).toBe(201);
    const moved = await generateFrom({ url: true, redirectHost: new URL(ai.url).hostname });
    expect(moved.res.statusCode, moved.res.body).toBe(201);
    expect(moved.rows).toHaveLength(1);
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.0.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['::', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['fc00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::a00:1', false],
    ['ff02::1', false],
    ['not-an-address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
